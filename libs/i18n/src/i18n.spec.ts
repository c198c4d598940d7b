import i18next from 'i18next';
import { getI18n as reactI18n } from 'react-i18next';
import type * as Bundles from './bundles';
import {
  applyDocumentLanguage,
  createI18n,
  documentDirection,
  getI18n,
  initI18n,
  isLanguageLoaded,
  loadLanguage,
  nestedTexts,
  registerBundles,
  setLanguage,
  type I18n,
} from './i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, MENU_LANGUAGES, languageDirection, resolveLanguage } from './languages';

const root = (): HTMLElement => document.documentElement;

/** Resolves at the instance's next language change. */
const nextLanguageChange = (instance: I18n): Promise<string> =>
  new Promise((resolve) => {
    const changed = (lng: string) => {
      instance.off('languageChanged', changed);
      resolve(lng);
    };
    instance.on('languageChanged', changed);
  });

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
    expect(i18n.t('shell:session.offline')).toBe('Sin conexión');
    expect(i18n.t('auth:login.title')).toBe('INGRESA A TU CUENTA');
    expect(i18n.t('upload.maxSize', { n: 2 })).toBe('El tamaño máximo permitido es de 2MB');
    expect(i18n.t('shell:errors.back')).toBe('Volver al inicio');
    expect(root().lang).toBe('es');
  });

  it('holds only the Spanish core bundles until another language is asked for', () => {
    expect(isLanguageLoaded('es')).toBe(true);
    for (const lng of ['en', 'ar', 'tr']) expect([lng, isLanguageLoaded(lng)]).toEqual([lng, false]);
    expect(i18next.hasResourceBundle('en', 'common')).toBe(false);
  });

  it('can be initialised again by every remote without being reset; a language asked for follows once its bundles are there', async () => {
    registerBundles('probe', { es: { a: 'uno' }, en: { a: 'one' }, ar: { a: 'واحد' }, tr: { a: 'bir' } });
    const again = initI18n();
    expect(again).toBe(i18next);
    expect(again.t('probe:a')).toBe('uno');
    const changed = nextLanguageChange(i18next);
    // the core English bundles are not there yet: it stays Spanish (no raw keys) until they are
    expect(initI18n('en').language).toBe('es');
    expect(i18next.t('loading')).toBe('Cargando...');
    expect(await changed).toBe('en');
    expect(isLanguageLoaded('en')).toBe(true);
    expect(i18next.t('probe:a')).toBe('one');
    expect(i18next.t('loading')).toBe('Loading...');
    // a language already loaded switches at once
    expect(initI18n('es').language).toBe('es');
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

  it("registerBundles redraws the screens (the store's 'added' event) only for a namespace registered again, once", () => {
    const texts = { es: { a: 'a' }, en: { a: 'a' }, ar: { a: 'a' }, tr: { a: 'a' } };
    const instance = registerBundles('quiet-first', texts);
    const added = jest.fn();
    instance.store.on('added', added);
    try {
      // a remote registers its texts before any of its screens renders: nothing to redraw
      registerBundles('quiet', texts);
      expect(added).not.toHaveBeenCalled();
      expect(instance.t('quiet:a')).toBe('a');
      // registered again (texts arriving after its screens rendered): told once, not once per language
      registerBundles('quiet', { ...texts, es: { a: 'b' } });
      expect(added).toHaveBeenCalledTimes(1);
      expect(instance.t('quiet:a')).toBe('b');
    } finally {
      instance.store.off('added', added);
    }
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
  beforeAll(() => loadLanguage('en'));

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

describe('languages loaded on demand', () => {
  /** A fresh copy of the lib from its entry point (empty chunk cache), whose loaders can be watched or made to fail. */
  async function freshLib<T>(use: (lib: typeof import('./index'), bundles: typeof Bundles) => Promise<T>): Promise<T> {
    let result!: T;
    await jest.isolateModulesAsync(async () => {
      result = await use(await import('./index'), await import('./bundles'));
    });
    return result;
  }

  afterEach(async () => {
    jest.restoreAllMocks();
    await setLanguage('es');
  });

  it('loads a language into an instance only when asked, Spanish being there from the start', async () => {
    const isolated = createI18n();
    expect(isolated.hasResourceBundle('es', 'shell')).toBe(true);
    expect(isLanguageLoaded('ar', isolated)).toBe(false);
    expect(await loadLanguage('ar', isolated)).toBe('ar');
    expect(isLanguageLoaded('ar', isolated)).toBe(true);
    // loaded, not switched to
    expect(isolated.language).toBe('es');
    expect(isolated.getFixedT('ar')('actions.save')).toBe('حفظ');
  });

  it("setLanguage('ar') loads Arabic before switching: t() answers in Arabic, never in Spanish or with keys", async () => {
    const isolated = createI18n();
    const seen: string[] = [];
    isolated.on('languageChanged', () => seen.push(isolated.t('actions.save'), isolated.t('shell:languageMenu.label')));
    const change = await setLanguage('ar', isolated);
    expect(change).toEqual({ language: 'ar', direction: 'rtl', directionChanged: true });
    expect(seen).toEqual(['حفظ', isolated.getResource('ar', 'shell', 'languageMenu.label')]);
    expect(isolated.resolvedLanguage).toBe('ar');
    expect(isolated.t('actions.save')).toBe('حفظ');
  });

  it('fetches no language chunk before its language is asked for, and each one once', async () => {
    // freshLib loads every module of the lib's entry point: a static import of en, ar or tr would show up here
    const required: string[] = [];
    const ON_DEMAND = ['./bundles/en', './bundles/ar', './bundles/tr'] as const;
    jest.doMock('./bundles/en', () => (required.push('en'), jest.requireActual('./bundles/en')));
    jest.doMock('./bundles/ar', () => (required.push('ar'), jest.requireActual('./bundles/ar')));
    jest.doMock('./bundles/tr', () => (required.push('tr'), jest.requireActual('./bundles/tr')));
    try {
      await freshLib(async (lib, bundles) => {
        const loaders = (['en', 'ar', 'tr'] as const).map((lng) => jest.spyOn(bundles.coreBundleLoaders, lng));
        const [en, ar, tr] = loaders;
        const isolated = lib.createI18n();
        expect(required).toEqual([]);
        // a remote's namespace comes in every language; that fetches nothing either
        lib.registerBundles('probe', { es: { a: 'uno' }, en: { a: 'one' }, ar: { a: 'واحد' }, tr: { a: 'bir' } }, isolated);
        expect(isolated.t('actions.save')).toBe('Guardar');
        for (const loader of loaders) expect(loader).not.toHaveBeenCalled();

        await Promise.all([lib.setLanguage('tr', isolated), lib.setLanguage('tr', isolated)]);
        expect(isolated.t('actions.save')).toBe(isolated.getResource('tr', 'common', 'actions.save'));
        expect(tr).toHaveBeenCalledTimes(1);
        expect(en).not.toHaveBeenCalled();
        expect(ar).not.toHaveBeenCalled();
        expect(required).toEqual(['tr']);

        // a chunk that has arrived serves every later instance at once, without fetching again
        const turkish = lib.createI18n('tr');
        expect(turkish.language).toBe('tr');
        expect(turkish.t('actions.save')).toBe(isolated.t('actions.save'));
        expect(tr).toHaveBeenCalledTimes(1);
      });
    } finally {
      for (const path of ON_DEMAND) jest.dontMock(path);
    }
  });

  it('keeps the current language and rejects clearly when a chunk cannot be loaded, and tries again later', async () => {
    await freshLib(async (lib, bundles) => {
      const isolated = lib.createI18n();
      await lib.setLanguage('en', isolated);
      jest.spyOn(bundles.coreBundleLoaders, 'tr').mockRejectedValueOnce(new Error('Loading chunk i18n-tr failed'));

      const failure = lib.setLanguage('tr', isolated);
      await expect(failure).rejects.toThrow('@planta/i18n: the "tr" texts could not be loaded (Loading chunk i18n-tr failed)');
      await expect(failure).rejects.toHaveProperty('cause', expect.objectContaining({ message: 'Loading chunk i18n-tr failed' }));
      expect(isolated.language).toBe('en');
      expect(isolated.t('actions.cancel')).toBe('Cancel');
      expect(lib.isLanguageLoaded('tr', isolated)).toBe(false);
      expect(root().lang).toBe('en');

      expect((await lib.setLanguage('tr', isolated)).language).toBe('tr');
      expect(isolated.t('actions.cancel')).toBe(isolated.getResource('tr', 'common', 'actions.cancel'));
      expect(isolated.t('actions.cancel')).not.toBe('Cancel');
    });
  });

  it("adds the signed-in screens' Spanish texts only when asked, into the shell's, fetched once; a failed fetch rejects clearly and is tried again", async () => {
    await freshLib(async (lib, bundles) => {
      const load = jest.spyOn(bundles.spanishSignedInTexts, 'load');
      const isolated = lib.createI18n();
      expect(load).not.toHaveBeenCalled();
      expect(lib.isLanguageLoaded('es', isolated)).toBe(true);
      expect(lib.areSignedInTextsLoaded(isolated)).toBe(false);
      expect(isolated.t('shell:criticalDimensions.title')).toBe('criticalDimensions.title');

      load.mockRejectedValueOnce(new Error('Loading chunk i18n-es-signed-in failed'));
      await expect(lib.loadSignedInTexts(isolated)).rejects.toThrow(
        '@planta/i18n: the texts of the signed-in screens could not be loaded (Loading chunk i18n-es-signed-in failed)',
      );
      expect(lib.areSignedInTextsLoaded(isolated)).toBe(false);

      await lib.loadSignedInTexts(isolated);
      expect(lib.areSignedInTextsLoaded(isolated)).toBe(true);
      expect(isolated.t('shell:criticalDimensions.title')).toBe('Dimensiones criticas');
      expect(isolated.t('shell:welcome.greeting', { name: 'Ana <Pérez>' })).toBe('¡Hola, Ana <Pérez>!');
      expect(isolated.t('pages:dies.description')).toBe('Matrices, copias y resumen de cada matriz');
      // the start-up's texts of the same namespace stay
      expect(isolated.t('shell:session.offline')).toBe('Sin conexión');

      // at hand from now on: a new instance, or the shared one, has them at once, without fetching again
      expect(lib.areSignedInTextsLoaded(lib.createI18n())).toBe(true);
      await lib.preloadSignedInTexts();
      expect(load).toHaveBeenCalledTimes(2);
    });
  });

  it('lets the last of overlapping calls win: a language that arrives late does not replace it', async () => {
    await freshLib(async (lib, bundles) => {
      const isolated = lib.createI18n();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const load = bundles.coreBundleLoaders.en;
      jest.spyOn(bundles.coreBundleLoaders, 'en').mockImplementation(async () => (await held, load()));

      const toEnglish = lib.setLanguage('en', isolated);
      expect(await lib.setLanguage('ar', isolated)).toEqual({ language: 'ar', direction: 'rtl', directionChanged: true });
      release();
      expect(await toEnglish).toEqual({ language: 'ar', direction: 'rtl', directionChanged: false });
      expect(isolated.language).toBe('ar');
      expect(root().dir).toBe('rtl');
    });
  });

  it('createI18n() with a language not yet loaded starts in Spanish and switches once its bundles arrive', async () => {
    await freshLib(async (lib) => {
      const isolated = lib.createI18n('en');
      expect(isolated.language).toBe('es');
      expect(isolated.t('loading')).toBe('Cargando...');
      expect(await nextLanguageChange(isolated)).toBe('en');
      expect(isolated.t('loading')).toBe('Loading...');
    });
  });

  it('nestedTexts() reuses a core text under another namespace in whatever language is loaded', async () => {
    const isolated = createI18n();
    const spanish = { inStock: 'x', nested: { press: 'y' } };
    expect(nestedTexts('common:dieState', spanish)).toEqual({ inStock: '$t(common:dieState.inStock)', nested: { press: '$t(common:dieState.nested.press)' } });
    const dieState = nestedTexts('common:dieState', { inStock: 'x' });
    registerBundles('reuse', { es: { dieState }, en: { dieState }, ar: { dieState }, tr: { dieState } }, isolated);
    expect(isolated.t('reuse:dieState.inStock')).toBe('En inventario');
    await setLanguage('en', isolated);
    expect(isolated.t('reuse:dieState.inStock')).toBe(isolated.getResource('en', 'common', 'dieState.inStock'));
    expect(isolated.t('reuse:dieState.inStock')).not.toBe('En inventario');
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
