import { createI18n, loadLanguage, loadSignedInTexts } from '@planta/i18n';
import { onSnackbar, type ShownSnackbar } from '@planta/ui';
import { showForbiddenNotice } from './route-guard';

describe("the forbidden address's message (issue 37)", () => {
  it("says 'No tienes acceso a esa página' once per refusal, however often the guard renders", () => {
    const shown: ShownSnackbar[] = [];
    const off = onSnackbar((snackbar) => shown.push(snackbar));
    try {
      expect(showForbiddenNotice('No tienes acceso a esa página', '/apps/extrusion/new', 1_000)).toBe(true);
      expect(showForbiddenNotice('No tienes acceso a esa página', '/apps/extrusion/new', 1_500)).toBe(false);
      expect(showForbiddenNotice('No tienes acceso a esa página', '/apps/users/all', 1_600)).toBe(true);
      // The same address refused again later is said again.
      expect(showForbiddenNotice('No tienes acceso a esa página', '/apps/users/all', 9_000)).toBe(true);
      expect(shown.map((snackbar) => [snackbar.message, snackbar.variant])).toEqual([
        ['No tienes acceso a esa página', 'warning'],
        ['No tienes acceso a esa página', 'warning'],
        ['No tienes acceso a esa página', 'warning'],
      ]);
    } finally {
      off();
    }
  });

  it('is written in the four languages of the portal', async () => {
    const i18n = createI18n('es');
    await loadSignedInTexts(i18n);
    for (const language of ['en', 'ar', 'tr']) await loadLanguage(language, i18n);
    const text = (lng: string) => i18n.t('shell:forbiddenPage', { lng });
    expect(text('es')).toBe('No tienes acceso a esa página');
    expect(text('en')).toBe("You don't have access to that page");
    expect(new Set(['es', 'en', 'ar', 'tr'].map(text)).size).toBe(4);
  });
});
