import { useBrandingContent } from '../../core/branding/use-branding-content.ts';
import styles from '../../ui/content/ContentPage.module.css';
import { SafeHtml } from '../../ui/content/SafeHtml.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';

/** The provider's help content, or the spec's placeholder text while there is none. */
export default function HelpScreen() {
  const { data, isLoading } = useBrandingContent();
  return (
    <div className={styles.page}>
      <h1>Help &amp; Support</h1>
      {isLoading ? (
        <PageLoading />
      ) : data?.help_page_content ? (
        <SafeHtml className={styles.content} html={data.help_page_content} />
      ) : (
        <p>Help coming soon...</p>
      )}
    </div>
  );
}
