// /Privacy: Terms and Conditions and Privacy Policy (docs/PRODUCT.md, Screens), English and Arabic, with the contact
// footer from configuration (GET /api/public-config). Light: React only.
import { useEffect, useLayoutEffect, useState } from 'react';
import { useLanguage } from '../lib/useLanguage';
import { usePublicConfig } from '../lib/usePublicConfig';
import { TEXTS } from '../invoice/i18n';
import { privacyEn, termsEn, type Section } from './content.en';
import './privacy.css';

/** The configured numbers in the texts that name them ({posDays}, {activityDays}: the retention's days). */
type Fill = (text: string) => string;

function Sections({ sections, prefix, fill = (p) => p }: { sections: Section[]; prefix: string; fill?: Fill }) {
  return (
    <>
      {sections.map((s) => (
        <section key={s.id} id={`${prefix}-${s.id}`} aria-labelledby={`${prefix}-${s.id}-h`}>
          <h3 id={`${prefix}-${s.id}-h`}>{s.title}</h3>
          {s.body.map((p, i) => (
            <p key={i}>{fill(p)}</p>
          ))}
        </section>
      ))}
    </>
  );
}

export function PrivacyPage() {
  const [lang, toggleLang] = useLanguage();
  const contact = usePublicConfig();
  const h = TEXTS[lang];
  // The Arabic text is fetched only when asked for: English readers do not download it.
  const [ar, setAr] = useState<{ terms: Section[]; privacy: Section[] } | null>(null);
  useEffect(() => {
    if (lang !== 'ar' || ar) return;
    let live = true;
    import('./content.ar')
      .then((m) => live && setAr({ terms: m.termsAr, privacy: m.privacyAr }))
      .catch(() => live && setAr({ terms: termsEn, privacy: privacyEn })); // offline: English rather than nothing
    return () => {
      live = false;
    };
  }, [lang, ar]);
  const content = lang === 'ar' ? ar : { terms: termsEn, privacy: privacyEn };
  // How long data is kept, as this server is configured (POS_RETENTION_DAYS, ACTIVITY_RETENTION_DAYS).
  const fill: Fill = (p) =>
    p
      .replace('{posDays}', String(contact.posRetentionDays))
      .replace('{activityDays}', String(contact.activityRetentionDays));
  // The title before the first paint (a layout effect), not after it.
  useLayoutEffect(() => {
    document.title = h.privacyTitle;
  }, [h]);
  return (
    <main className="legal">
      <div className="topbar">
        <button type="button" className="lang" onClick={toggleLang} lang={lang === 'ar' ? 'en' : 'ar'}>
          {h.switchTo}
        </button>
      </div>
      <h1>{h.terms}</h1>
      {content ? (
        <Sections sections={content.terms} prefix="terms" />
      ) : (
        <p role="status" aria-label={h.loading} className="loading">
          …
        </p>
      )}
      <h2>{h.privacyPolicy}</h2>
      {content && <Sections sections={content.privacy} prefix="privacy" fill={fill} />}
      <footer className="contact" aria-label={h.contact}>
        <p>
          {h.contactEmail}: <a href={`mailto:${contact.contactEmail}`}>{contact.contactEmail}</a>
        </p>
        <p>
          {h.contactPhone}:{' '}
          <a href={`tel:${contact.contactPhone.replace(/\s/g, '')}`} dir="ltr">
            {contact.contactPhone}
          </a>
        </p>
      </footer>
    </main>
  );
}
