import { useBrandingContent } from '../../core/branding/use-branding-content.ts';
import { appConfig } from '../../core/config.ts';
import styles from '../../ui/content/ContentPage.module.css';
import facts from '../../ui/facts/Facts.module.css';
import { SafeHtml } from '../../ui/content/SafeHtml.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';

/** The provider's own contact page, or the product's support desk. */
export default function ContactUsScreen() {
  const { data, isLoading } = useBrandingContent();
  const { phone, email, officeHours } = appConfig.support;
  return (
    <div className={styles.page}>
      <h1>Contact Us</h1>
      {isLoading ? (
        <PageLoading />
      ) : data?.contact_us_page_content ? (
        <SafeHtml className={styles.content} html={data.contact_us_page_content} />
      ) : (
        <div className={styles.content}>
          <p>Our support team is here to help with anything about the portal.</p>
          <dl className={facts.facts}>
            <dt>Telephone</dt>
            <dd>
              <a href={`tel:${phone.replaceAll(' ', '')}`}>{phone}</a>
            </dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
            <dt>Office hours</dt>
            <dd>{officeHours}</dd>
          </dl>
        </div>
      )}
    </div>
  );
}
