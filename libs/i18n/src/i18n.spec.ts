import i18next from 'i18next';
import { getI18n as reactI18n } from 'react-i18next';
import { applyDocumentLanguage, createI18n, documentDirection, getI18n, initI18n, registerBundles, setLanguage } from './i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, MENU_LANGUAGES, languageDirection, resolveLanguage } from './languages';

const root = (): HTMLElement => document.documentElement;

describe('languages', () => {
  it('lists es, en, ar and tr with their direction; Spanish is the default', () => {
    expect(LANGUAGES.map(({ id, title, direction }) => [id, title, direction])).toEqual([
      ['es', 'Español', 'ltr'],
      ['en', 'English', 'ltr'],
      ['ar', 'العربية', 'rtl'],
      ['tr', 'Türkçe', 'ltr'],
    ]);
    expect(DEFAULT_LANGUAGE).toBe('es');
  });

  it('offers only Español (flag es) and English (flag us) in the language menu', () => {
    expect(MENU_LANGUAGES.map(({ id, title, flag }) => [id, title, flag])).toEqual([
      ['es', 'Español', 'es'],
      ['en', 'English', 'us'],
    ]);
  });

  it('resolves regional and unknown codes', () => {
    expect(resolveLanguage('en-US')).toBe('en');
    expect(resolveLanguage('AR')).toBe('ar');
    expect(resolveLanguage('tr_TR')).toBe('tr');
    expect(resolveLanguage('fr')).toBe('es');
    expect(resolveLanguage(undefined)).toBe('es');
    expect(languageDirection('ar-EG')).toBe('rtl');
    expect(languageDirection('tr')).toBe('ltr');
  });
});

describe('the shared instance', () => {
  beforeAll(() => {
    root().removeAttribute('dir');
    root().removeAttribute('lang');
  });

  it('is the i18next singleton, initialised in Spanish with the bundled texts and bound to react-i18next', () => {
    const i18n = initI18n();
    expect(i18n).toBe(i18next);
    expect(getI18n()).toBe(i18next);
    expect(reactI18n()).toBe(i18next);
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('es');
    expect(i18n.t('loading')).toBe('Cargando...');
    expect(i18n.t('shell:criticalDimensions.title')).toBe('Dimensiones criticas');
    expect(i18n.t('auth:login.title')).toBe('INGRESA A TU CUENTA');
    expect(i18n.t('upload.maxSize', { n: 2 })).toBe('El tamaño máximo permitido es de 2MB');
    expect(i18n.t('shell:welcome.greeting', { name: 'Ana <Pérez>' })).toBe('¡Hola, Ana <Pérez>!');
    expect(root().lang).toBe('es');
  });

  it('can be initialised again by every remote without being reset', async () => {
    registerBundles('probe', { es: { a: 'uno' }, en: { a: 'one' }, ar: { a: 'واحد' }, tr: { a: 'bir' } });
    const again = initI18n();
    expect(again).toBe(i18next);
    expect(again.t('probe:a')).toBe('uno');
    expect(initI18n('en').language).toBe('en');
    expect(i18next.t('probe:a')).toBe('one');
    await setLanguage('es');
  });

  it("setLanguage('ar') switches the document to right-to-left and back", async () => {
    await setLanguage('es');
    const toArabic = await setLanguage('ar');
    expect(toArabic).toEqual({ language: 'ar', direction: 'rtl', directionChanged: true });
    expect(i18next.language).toBe('ar');
    expect(root().getAttribute('dir')).toBe('rtl');
    expect(root().lang).toBe('ar');
    expect(i18next.t('actions.save')).toBe('حفظ');

    const toSpanish = await setLanguage('es');
    expect(toSpanish).toEqual({ language: 'es', direction: 'ltr', directionChanged: true });
    expect(root().getAttribute('dir')).toBe('ltr');
    expect(root().lang).toBe('es');
    expect(documentDirection()).toBe('ltr');
    expect(i18next.t('actions.save')).toBe('Guardar');
  });

  it('sets dir only when the direction differs, but lang always', async () => {
    await setLanguage('es');
    const dirSetter = jest.spyOn(HTMLElement.prototype, 'dir', 'set');
    try {
      const result = await setLanguage('en');
      expect(result).toEqual({ language: 'en', direction: 'ltr', directionChanged: false });
      expect(root().lang).toBe('en');
      await setLanguage('tr');
      expect(root().lang).toBe('tr');
      expect(dirSetter).not.toHaveBeenCalled();
      await setLanguage('ar');
      expect(dirSetter).toHaveBeenCalledTimes(1);
      expect(dirSetter).toHaveBeenCalledWith('rtl');
    } finally {
      dirSetter.mockRestore();
      await setLanguage('es');
    }
  });

  it('keeps the document in step when someone calls changeLanguage() directly', async () => {
    await i18next.changeLanguage('ar');
    expect(root().dir).toBe('rtl');
    await i18next.changeLanguage('es');
    expect(root().dir).toBe('ltr');
  });

  it('treats unknown and regional codes as the supported language', async () => {
    expect((await setLanguage('en-GB')).language).toBe('en');
    expect(i18next.t('actions.cancel')).toBe('Cancel');
    expect((await setLanguage('xx')).language).toBe('es');
    expect(i18next.t('actions.cancel')).toBe('Cancelar');
  });

  it('registerBundles adds a namespace in every language, merging and falling back to common', async () => {
    registerBundles('production', {
      es: { title: 'Líneas de extrusión', press: { tonnage: 'Tonelaje: {{t}} t' } },
      en: { title: 'Extrusion lines', press: { tonnage: 'Tonnage: {{t}} t' } },
      ar: { title: 'خطوط البثق', press: { tonnage: 'الحمولة: {{t}} طن' } },
      tr: { title: 'Ekstrüzyon hatları', press: { tonnage: 'Tonaj: {{t}} t' } },
    });
    expect(i18next.hasResourceBundle('es', 'production')).toBe(true);
    expect(i18next.options.ns).toEqual(expect.arrayContaining(['common', 'shell', 'auth', 'production']));
    expect(i18next.t('production:title')).toBe('Líneas de extrusión');
    expect(i18next.t('production:press.tonnage', { t: 2200 })).toBe('Tonelaje: 2200 t');
    // a remote's namespace reaches the common words without a prefix
    expect(i18next.getFixedT(null, 'production')('actions.save')).toBe('Guardar');
    expect(i18next.hasLoadedNamespace('production')).toBe(true);

    await setLanguage('tr');
    expect(i18next.t('production:title')).toBe('Ekstrüzyon hatları');
    await setLanguage('es');

    // a second registration (remote loaded again) merges, it does not drop keys
    registerBundles('production', { es: { extra: 'Más' }, en: { extra: 'More' }, ar: { extra: 'المزيد' }, tr: { extra: 'Daha' } });
    expect(i18next.t('production:title')).toBe('Líneas de extrusión');
    expect(i18next.t('production:extra')).toBe('Más');
    expect(i18next.options.ns).toEqual(expect.arrayContaining(['production']));
    expect((i18next.options.ns as string[]).filter((ns) => ns === 'production')).toHaveLength(1);
  });

  it('does not let i18next write into the bundles it was given', () => {
    const bundle = { es: { a: 'a' }, en: { a: 'b' }, ar: { a: 'ج' }, tr: { a: 'ç' } };
    registerBundles('copied', bundle);
    registerBundles('copied', { es: { b: 'x' }, en: { b: 'x' }, ar: { b: 'x' }, tr: { b: 'x' } } as never);
    expect(bundle.es).toEqual({ a: 'a' });
  });

  it('refuses an invalid namespace or a missing language', () => {
    expect(() => registerBundles('bad:ns', { es: { a: 'a' }, en: { a: 'a' }, ar: { a: 'a' }, tr: { a: 'a' } })).toThrow(/invalid namespace/);
    expect(() => registerBundles('partial', { es: { a: 'a' }, en: { a: 'b' }, ar: { a: 'c' } } as never)).toThrow(/"tr"/);
  });
});

describe('createI18n', () => {
  it('returns an independent instance with the same configuration', () => {
    const isolated = createI18n('en');
    expect(isolated).not.toBe(i18next);
    expect(isolated.isInitialized).toBe(true);
    expect(isolated.t('loading')).toBe('Loading...');
    expect(isolated.t('shell:toolbar.search.noResults')).toBe('No results');
    expect(reactI18n()).toBe(i18next);

    registerBundles('only-here', { es: { a: 'sí' }, en: { a: 'yes' }, ar: { a: 'نعم' }, tr: { a: 'evet' } }, isolated);
    expect(isolated.t('only-here:a')).toBe('yes');
    expect(i18next.hasResourceBundle('es', 'only-here')).toBe(false);
  });

  it('falls back to Spanish for a key a language lacks', () => {
    const isolated = createI18n('tr');
    isolated.addResourceBundle('es', 'common', { onlySpanish: 'Solo en español' }, true, true);
    expect(isolated.t('onlySpanish')).toBe('Solo en español');
  });
});

describe('applyDocumentLanguage', () => {
  it('does nothing without a document and reports a direction change', () => {
    expect(applyDocumentLanguage('ar', null)).toBe(false);
    root().setAttribute('dir', 'ltr');
    expect(applyDocumentLanguage('ar')).toBe(true);
    expect(applyDocumentLanguage('ar')).toBe(false);
    expect(applyDocumentLanguage('en')).toBe(true);
    expect(root().dir).toBe('ltr');
  });
});
