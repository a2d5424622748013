import { Link } from 'react-router-dom';
import { appConfig } from '../../core/config.ts';
import { AUTH_STORAGE_KEY } from '../../core/session/storage.ts';
import { LegalLayout, LegalTable, PRIVACY_POLICY_PATH } from './LegalLayout.tsx';

const { productName, storageKeyPrefix, support } = appConfig;

export default function CookiePolicyScreen() {
  return (
    <LegalLayout title="Cookie Policy" effective={{ label: 'March 2020', dateTime: '2020-03' }}>
      <p>
        This notice explains the cookies and similar browser storage that {productName} (&ldquo;the
        portal&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) uses, why, and how you can control them.
        Our <Link to={PRIVACY_POLICY_PATH}>Privacy Policy</Link> explains how we handle personal
        data more generally.
      </p>

      <h2>What cookies and browser storage are</h2>
      <p>
        A cookie is a small text file that a website asks your browser to keep and send back on
        later visits. Websites can also keep information in your browser&rsquo;s own storage (local
        storage and session storage) and keep copies of their files for use offline. Under the
        Privacy and Electronic Communications Regulations (PECR) and the UK GDPR, the same rules
        apply to all of these.
      </p>

      <h2>Strictly necessary cookies</h2>
      <p>
        The portal cannot work securely without this cookie, so it is set whenever you visit. It
        holds a random value and nothing about you.
      </p>
      <LegalTable label="Strictly necessary cookies">
        <caption>The anti-forgery cookie</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">What it does</th>
            <th scope="col">How long it lasts</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>XSRF-TOKEN</td>
            <td>
              Set by the portal&rsquo;s own server on your first visit. The portal sends its value
              back with every change you make, such as signing in, saving a record or uploading a
              document, so that the server can tell the request came from the portal and not from
              another website trying to act in your name (cross-site request forgery). It is sent
              only to the portal&rsquo;s own address and, in the live portal, only over an encrypted
              connection.
            </td>
            <td>Until you close your browser</td>
          </tr>
        </tbody>
      </LegalTable>

      <h2>Analytics cookies</h2>
      <p>We use analytics cookies.</p>
      <p>
        The live portal uses an analytics tool that records page views and events, such as which
        pages are visited and which features are used. Its analytics cookies let the tool recognise
        the same browser from one page, and one visit, to the next, so that we can count visits, see
        which parts of the portal are used and where people have difficulty, and improve the portal.
        They are first-party cookies, last no longer than 13 months, and are not set in test or
        development versions of the portal.
      </p>
      <p>
        We use what they record only to understand and improve the portal. We do not use it for
        advertising, and we do not let advertisers or social networks set cookies through the
        portal.
      </p>
      <p>
        The portal works normally without analytics cookies. When you are signed in, it also reports
        your browser session and the pages you visit to our own server, which does not use cookies;
        the <Link to={PRIVACY_POLICY_PATH}>Privacy Policy</Link> describes this under &ldquo;Usage
        (analytics) data&rdquo;.
      </p>

      <h2>Browser storage for your session</h2>
      <p>
        The portal keeps the following in your browser&rsquo;s storage, under names that begin with
        &ldquo;{storageKeyPrefix}&rdquo;. Like the anti-forgery cookie, they are strictly necessary
        for the service you ask for.
      </p>
      <dl>
        <dt>{AUTH_STORAGE_KEY}</dt>
        <dd>
          After you sign in: your user details and your session token (a key, a secret and an expiry
          time), which the portal uses to sign each request you make. The live portal keeps this in
          session storage, for the current browser tab only: closing the tab ends the session, and a
          new tab asks you to sign in again. Development versions, used only by the people who build
          the portal, keep it in local storage instead so that it survives reloads. Either way it is
          removed when you log out, and a token found to have expired (after 12 hours) is discarded.
        </dd>
        <dt>The farm, unit and plan you last worked in</dt>
        <dd>
          Their reference numbers only, kept in local storage so that the portal can take you back
          to them next time. This is removed when it no longer applies.
        </dd>
        <dt>Offline files</dt>
        <dd>
          Copies of the portal&rsquo;s own program files, styles and images, kept by its service
          worker so that the portal loads quickly and can tell you when an update is available.
          These hold no personal data.
        </dd>
      </dl>

      <h2>How to block or delete cookies</h2>
      <p>You can block cookies in your browser.</p>
      <p>
        Every modern browser, including Chrome, Edge, Firefox and Safari, lets you block all
        cookies, block cookies from particular websites, and delete the cookies it already holds;
        look in its settings under &ldquo;Privacy&rdquo; or &ldquo;Cookies and site data&rdquo;, or
        see its help pages. Clearing a website&rsquo;s data in the same settings also removes what
        it keeps in browser storage. The website{' '}
        <a href="https://www.aboutcookies.org/">www.aboutcookies.org</a> explains how, browser by
        browser.
      </p>
      <p>
        If you block analytics cookies, the portal works as normal. If you block all cookies for the
        portal, including the anti-forgery cookie, you will not be able to sign in or save changes.
        Private or incognito windows delete cookies and browser storage when you close them.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we change the cookies or storage the portal uses, we will update this page and the
        effective date above.
      </p>

      <h2>Contact us</h2>
      <p>
        If you have questions about cookies in the portal, e-mail{' '}
        <a href={`mailto:${support.email}`}>{support.email}</a> or telephone {support.phone}.
      </p>
    </LegalLayout>
  );
}
