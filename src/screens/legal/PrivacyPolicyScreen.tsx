import { Link } from 'react-router-dom';
import consent from '../../../config/consent.json' with { type: 'json' };
import { appConfig } from '../../core/config.ts';
import { COOKIE_POLICY_PATH, LegalLayout, LegalTable } from './LegalLayout.tsx';

const { productName, support } = appConfig;

export default function PrivacyPolicyScreen() {
  return (
    <LegalLayout title="Privacy Policy" effective={{ label: 'March 2023', dateTime: '2023-03' }}>
      <p>
        This notice explains how {productName} (&ldquo;the portal&rdquo;, &ldquo;we&rdquo;,
        &ldquo;us&rdquo;) collects and uses personal data when you use the portal in your web
        browser. The portal is used by farm staff and by staff of the companies that farms supply or
        work with: processors, retailers, advisers and colleges. It may appear under the name, logo
        and colours of one of those organisations.
      </p>
      <p>
        We handle personal data in line with the UK General Data Protection Regulation (UK GDPR),
        the Data Protection Act 2018 and, where it applies to you, the EU General Data Protection
        Regulation (EU GDPR).
      </p>

      <h2>Who is responsible for your data</h2>
      <p>
        We operate the portal and are the controller of the personal data described in this notice:
        your account, how you use the portal and the records we keep to protect it.
      </p>
      <p>
        The organisation whose scheme (plan) a farm takes part in decides what farm information it
        asks for under that scheme. It is a separate controller of the information it receives
        through the portal, and its own privacy notice explains how it uses that information. If you
        are not sure which organisation is responsible for something, contact us and we will tell
        you or pass your question on.
      </p>

      <h2>Data we collect</h2>
      <dl>
        <dt>Account details</dt>
        <dd>
          Your first name, last name and username (your e-mail address), the business you work for,
          whether you work for a farm or a company, the features your organisation has given you,
          your notification settings, and your password stored only in a securely hashed form. We
          never store your password itself.
        </dd>
        <dt>Farm and business details</dt>
        <dd>
          The farm&rsquo;s name, the name, e-mail address, telephone number and postal address of
          its main contact, its units and their holding numbers, and the schemes (plans) each unit
          belongs to.
        </dd>
        <dt>Farm records</dt>
        <dd>
          What you and your colleagues enter: for example animal, batch, crop, daily, monthly and
          annual records, forecasts, feed deliveries and usage, laboratory results, medicine
          records, grower returns, load passports and quality-control results. These are mostly
          about the farm business, but they are personal data where they can be linked to a person,
          for example a sole trader or a partner in the farm.
        </dd>
        <dt>Documents</dt>
        <dd>
          Files uploaded to a unit (images, office documents and PDFs), with who uploaded each file
          and when. Please do not upload documents that hold more personal information than the
          scheme needs.
        </dd>
        <dt>Sign-in and security records</dt>
        <dd>
          The session token issued when you sign in (a key, a secret and an expiry time), the time
          of each signed request, and failed sign-in attempts (the username tried, the network (IP)
          address it came from and the time). The portal also uses an anti-forgery cookie, which
          holds a random value and nothing about you.
        </dd>
        <dt>Usage (analytics) data</dt>
        <dd>
          When you are signed in, the portal records a browser session (your user number, whether
          you work for a farm or a company, your browser&rsquo;s user-agent string, which names the
          browser and operating system, and your window and screen sizes) and what you do in it: the
          pages you go to, the unit you are working on, and interactions such as the buttons you
          press, each with the time. Our <Link to={COOKIE_POLICY_PATH}>Cookie Policy</Link>{' '}
          describes the analytics cookies used for the same purpose.
        </dd>
        <dt>Technical logs</dt>
        <dd>
          Error reports the portal sends from your browser (the message, where in the portal it
          happened, the time and, if you are signed in, your user number), and our server logs of
          each request (your IP address, the date and time, the address requested, the result and
          how long it took).
        </dd>
        <dt>Messages to support</dt>
        <dd>What you tell us when you e-mail or phone us, and our replies.</dd>
      </dl>
      <p>
        We get this data from you, from the farm business or company you work for (which may set up
        your account), from the organisations that run the schemes a farm belongs to, and from your
        browser when you use the portal.
      </p>
      <p>
        We do not ask for special category data, such as information about health, religion or
        ethnic origin. The portal is for people at work and is not meant for children.
      </p>

      <h2>Purposes and lawful bases</h2>
      <p>
        We use personal data only for the purposes below, each with a lawful basis under Article 6
        of the UK GDPR and the EU GDPR.
      </p>
      <LegalTable label="Purposes and lawful bases">
        <caption>Why we use personal data and the lawful basis for each use</caption>
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Data used</th>
            <th scope="col">Lawful basis</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Provide your account, sign you in and keep you signed in</td>
            <td>Account details, sign-in and security records</td>
            <td>
              Contract, where you or your business have an agreement with us; otherwise our
              legitimate interests, and those of your employer, in providing the service your
              organisation has signed up for
            </td>
          </tr>
          <tr>
            <td>
              Store and show farm records and documents, and share them within the schemes a unit
              belongs to
            </td>
            <td>Farm and business details, farm records, documents</td>
            <td>
              Contract with the farm business; legitimate interests in running the schemes that
              farms join
            </td>
          </tr>
          <tr>
            <td>Show the branding, news and resources of the organisations you deal with</td>
            <td>Account details, the schemes your units belong to</td>
            <td>Legitimate interests</td>
          </tr>
          <tr>
            <td>Send the notifications you choose</td>
            <td>Account details, notification settings</td>
            <td>Legitimate interests; you can change your settings at any time</td>
          </tr>
          <tr>
            <td>
              Keep the portal and your data secure: refuse forged or replayed requests, limit
              repeated failed sign-ins and look into misuse
            </td>
            <td>Sign-in and security records, technical logs</td>
            <td>
              Legal obligation to keep personal data secure; legitimate interests in protecting the
              portal and its users
            </td>
          </tr>
          <tr>
            <td>Understand how the portal is used and improve it</td>
            <td>Usage (analytics) data</td>
            <td>Legitimate interests</td>
          </tr>
          <tr>
            <td>Find and fix faults</td>
            <td>Technical logs</td>
            <td>Legitimate interests</td>
          </tr>
          <tr>
            <td>Answer your questions and requests</td>
            <td>Messages to support, account details</td>
            <td>Legitimate interests; legal obligation where you exercise your rights</td>
          </tr>
          <tr>
            <td>Meet our legal duties and establish, exercise or defend legal claims</td>
            <td>Any of the above, as needed</td>
            <td>Legal obligation; legitimate interests</td>
          </tr>
        </tbody>
      </LegalTable>
      <p>
        Where we rely on legitimate interests, we have weighed them against your interests and
        rights, and you can object (see &ldquo;Your rights&rdquo;). You can ask us for details of
        that assessment. We do not make decisions about you by automated means alone that have legal
        or similarly significant effects.
      </p>

      <h2>Who we disclose data to</h2>
      <ul>
        <li>
          <strong>Your colleagues.</strong> People at your farm business can see its farm, units,
          records and documents, as far as their role allows.
        </li>
        <li>
          <strong>The organisations that run a farm&rsquo;s schemes.</strong> Staff of a processor,
          retailer, adviser or college can see the units that hold one of their plans, with the
          farm&rsquo;s main contact and address and the records and documents of that plan only.
          They cannot see plans that belong to other organisations.
        </li>
        <li>
          <strong>Our service providers.</strong> Companies that host the portal and its database,
          deliver e-mail and support us in running the service process data for us under a written
          contract, only on our instructions, and must keep it secure.
        </li>
        <li>
          <strong>Professional advisers.</strong> Our lawyers, auditors and insurers, where they
          need it to advise or protect us.
        </li>
        <li>
          <strong>Authorities.</strong> Regulators, the police, courts and other public bodies,
          where the law requires it or to protect the rights and safety of others.
        </li>
        <li>
          <strong>A successor.</strong> If the service or our business is sold or transferred, the
          new operator, who must protect the data as this notice describes.
        </li>
      </ul>
      <p>
        We do not sell personal data, and we do not use it or share it for advertising or marketing.
      </p>

      <h2>Transfers outside the EEA</h2>
      <p>
        We keep the portal&rsquo;s data in the United Kingdom and the European Economic Area (EEA).
        Data passing between them is protected by the UK&rsquo;s adequacy regulations for the EEA
        and by the European Commission&rsquo;s adequacy decision for the United Kingdom.
      </p>
      <p>
        If a service provider needs to handle personal data in any other country, we transfer it
        only where that country has been found to protect personal data adequately, or under
        safeguards the law approves: the European Commission&rsquo;s standard contractual clauses
        with the UK Addendum, or the UK International Data Transfer Agreement, together with an
        assessment of the risks of the transfer. You can ask us for a copy of these safeguards.
      </p>

      <h2>Security</h2>
      <ul>
        <li>The live portal is reached only over an encrypted connection (HTTPS).</li>
        <li>
          Passwords are stored only as a salted, deliberately slow hash, and must be at least 12
          characters long.
        </li>
        <li>
          Each request you make while signed in is signed with a secret that belongs to your session
          alone; the server refuses requests that are altered, reused or too old.
        </li>
        <li>
          Sessions end after 12 hours or when you log out, and changing your password ends your
          sessions on other devices.
        </li>
        <li>
          The live portal keeps your sign-in for the current browser tab only, so closing the tab
          ends the session, which matters on a shared farm-office computer.
        </li>
        <li>
          An anti-forgery cookie and a strict content security policy stop other websites from
          acting in your name or running their code in the portal.
        </li>
        <li>Repeated failed sign-ins are blocked for a time.</li>
        <li>
          Access is limited by role and scheme, and our own staff see personal data only when their
          work needs it.
        </li>
        <li>Uploads are accepted only as images, office documents or PDFs under 5 MB.</li>
      </ul>
      <p>
        If a personal data breach puts your rights at risk, we will report it to the supervisory
        authority within 72 hours of becoming aware of it and, where the risk is high, tell you
        without undue delay.
      </p>

      <h2>How long we keep data</h2>
      <ul>
        <li>
          <strong>Account details:</strong> while your account is open, and deleted within three
          months of its closure, unless we need them for a legal claim.
        </li>
        <li>
          <strong>Farm and business details, farm records and documents:</strong> while the farm
          business uses the portal; deleted within 12 months of it leaving, or sooner if it asks,
          unless the law requires us to keep them longer.
        </li>
        <li>
          <strong>Session tokens:</strong> until you log out or they expire after 12 hours.
        </li>
        <li>
          <strong>Signed-request times:</strong> a few minutes, only long enough to refuse a reused
          request.
        </li>
        <li>
          <strong>The answers to your saved changes:</strong> 24 to 30 hours, so that a change your
          device sends again after a lost connection is saved only once.
        </li>
        <li>
          <strong>Failed sign-in attempts:</strong> 15 minutes, or until you next sign in
          successfully.
        </li>
        <li>
          <strong>Usage (analytics) data:</strong> 14 months.
        </li>
        <li>
          <strong>The access log of a farm’s data</strong> (which company staff opened it, and
          when): {consent.accessLog.retentionDays} days; the farm reads it under Who sees my data.
        </li>
        <li>
          <strong>Error reports and server logs:</strong> 90 days, or longer only while we
          investigate a particular security incident.
        </li>
        <li>
          <strong>Messages to support:</strong> two years from our last reply.
        </li>
      </ul>
      <p>
        Data held in backups is kept only until the backup is overwritten, and we do not restore
        deleted data into use.
      </p>

      <h2>Your rights</h2>
      <p>You have the right to:</p>
      <ul>
        <li>ask for a copy of the personal data we hold about you (access);</li>
        <li>have inaccurate or incomplete data corrected (rectification);</li>
        <li>have your data deleted where we no longer have a good reason to keep it (erasure);</li>
        <li>ask us to limit how we use your data while a concern is resolved (restriction);</li>
        <li>object to our use of your data where we rely on legitimate interests (objection);</li>
        <li>
          receive the data you gave us in a common machine-readable format, or have it sent to
          another organisation (portability).
        </li>
      </ul>
      <p>
        To use any of these rights, e-mail or phone us (see &ldquo;Contact us&rdquo;). We may ask
        you to confirm your identity before we act. There is normally no charge.
      </p>
      <p>
        We will respond within one month of receiving your request. If a request is complex, or you
        send several, we may extend this by up to two further months; we will tell you within the
        first month if so, and why.
      </p>
      <p>
        If your request concerns information held by the organisation that runs one of your
        farm&rsquo;s schemes, we will help you and pass it to them where needed.
      </p>
      <p>
        You can also complain to a supervisory authority. In the UK this is the Information
        Commissioner&rsquo;s Office (ICO):{' '}
        <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>, telephone 0303 123 1113. In
        the EU you can complain to the authority where you live or work. We would be grateful for
        the chance to deal with your concern first.
      </p>

      <h2>Cookies and browser storage</h2>
      <p>
        The portal uses an anti-forgery cookie, analytics cookies and your browser&rsquo;s storage.
        Our <Link to={COOKIE_POLICY_PATH}>Cookie Policy</Link> explains what each one does and how
        to block cookies in your browser.
      </p>

      <h2>Changes to this notice</h2>
      <p>
        When we change this notice, we will publish the new version on this page and update the
        effective date above. If a change significantly affects how we use your data, we will also
        tell you in the portal.
      </p>

      <h2>Contact us</h2>
      <p>For questions about this notice or your personal data, or to make a request:</p>
      <ul>
        <li>
          E-mail: <a href={`mailto:${support.email}`}>{support.email}</a>
        </li>
        <li>
          Telephone: <a href={`tel:${support.phone.replace(/\s+/g, '')}`}>{support.phone}</a>
        </li>
        <li>Office hours: {support.officeHours}</li>
      </ul>
    </LegalLayout>
  );
}
