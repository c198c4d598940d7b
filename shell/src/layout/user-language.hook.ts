import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  areSignedInTextsLoaded,
  currentLanguage,
  getLanguage,
  loadSignedInTexts,
  resolveLanguage,
  setLanguage,
  type I18n,
  type LanguageChange,
} from '@planta/i18n';
import { showSnackbar } from '@planta/ui';

/**
 * Switches the interface language. Its texts may have to be downloaded first (only Spanish is in
 * the first bundle): when they cannot be (offline), the interface keeps its language, the user is
 * told, and the answer is null.
 */
export async function applyLanguage(language: string, i18n: I18n): Promise<LanguageChange | null> {
  try {
    return await setLanguage(language, i18n);
  } catch (error) {
    console.error(error);
    showSnackbar({ message: i18n.t('shell:languageMenu.loadFailed', { language: getLanguage(language).title }), variant: 'error' });
    return null;
  }
}

/**
 * Applies the language the user keeps in their settings (after sign-in, a company switch...) and
 * says whether the page must wait for it: it waits rather than show another language's texts
 * first. Only a change of the setting triggers this, never a change of i18n's language: the
 * language menu switches first and saves the setting after.
 */
export function useUserLanguage(language: string | undefined): boolean {
  const { i18n } = useTranslation();
  const differs = (lng: string | undefined) => !!lng && resolveLanguage(lng) !== currentLanguage(i18n);
  const [setting, setSetting] = useState(language);
  const [waitingFor, setWaitingFor] = useState(() => (differs(language) ? language : undefined));
  // Decided while rendering, not in the effect: no frame shows the page before the language is there.
  if (setting !== language) {
    setSetting(language);
    setWaitingFor(differs(language) ? language : undefined);
  }
  useEffect(() => {
    if (!language || resolveLanguage(language) === currentLanguage(i18n)) return;
    void applyLanguage(language, i18n).then(() => setWaitingFor((waiting) => (waiting === language ? undefined : waiting)));
  }, [language, i18n]);
  return waitingFor !== undefined;
}

/**
 * Whether a signed-in page must wait for the texts of the signed-in screens (a chunk the sign-in
 * pages do without, loaded ahead while someone signs in). When they cannot be downloaded (offline
 * before they were ever cached) the page shows anyway, with the wording the code gives as default
 * or the bare key, and the failure is logged: a page to work with beats a loading ring.
 */
export function useSignedInTexts(signedIn: boolean): boolean {
  const { i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  const waiting = signedIn && !failed && !areSignedInTextsLoaded(i18n);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    loadSignedInTexts(i18n).then(
      () => current && setLoaded((count) => count + 1),
      (error: unknown) => {
        console.error(error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [waiting, i18n]);
  return waiting;
}
