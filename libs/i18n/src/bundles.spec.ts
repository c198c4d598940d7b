import { PAGES, messages } from '@planta/contracts';
import { CORE_NAMESPACES, coreBundleLoaders, spanishBundles, spanishSignedInTexts, wholeSpanish, type Bundle, type CoreBundles } from './bundles';
import { ar } from './bundles/ar';
import { en } from './bundles/en';
import { es as spanishStartUp } from './bundles/es';
import { esSignedIn } from './bundles/es/signed-in';
import { tr } from './bundles/tr';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from './languages';

// Every language at once, read here straight from the bundles (the portal loads one at a time).
const es = wholeSpanish(esSignedIn);
const resources = { es, en, ar, tr } satisfies Record<LanguageCode, CoreBundles>;

type Flat = Record<string, string>;

function flatten(bundle: Bundle, prefix = ''): Flat {
  const flat: Flat = {};
  for (const [key, value] of Object.entries(bundle)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else Object.assign(flat, flatten(value, path));
  }
  return flat;
}

const flat = (lng: (typeof LANGUAGE_CODES)[number], ns: (typeof CORE_NAMESPACES)[number]): Flat => flatten(resources[lng][ns] as Bundle);
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort();
const OTHER_LANGUAGES = LANGUAGE_CODES.filter((lng) => lng !== 'es');

describe('translation bundles', () => {
  it('ships the four languages and the core namespaces', () => {
    expect(Object.keys(resources).sort()).toEqual(['ar', 'en', 'es', 'tr']);
    for (const lng of LANGUAGE_CODES) expect(Object.keys(resources[lng]).sort()).toEqual([...CORE_NAMESPACES].sort());
  });

  it('has Spanish at hand and a chunk loader for every other language, which gives its bundles', async () => {
    expect(spanishBundles).toBe(spanishStartUp);
    expect(await spanishSignedInTexts.load()).toBe(esSignedIn);
    expect(Object.keys(coreBundleLoaders).sort()).toEqual(LANGUAGE_CODES.filter((lng) => lng !== DEFAULT_LANGUAGE).sort());
    for (const [lng, load] of Object.entries(coreBundleLoaders)) expect(await load()).toBe(resources[lng as LanguageCode]);
  });

  describe.each(CORE_NAMESPACES)('namespace %s', (ns) => {
    const es = flat('es', ns);

    it.each(OTHER_LANGUAGES)('%s has exactly the Spanish keys', (lng) => {
      expect(Object.keys(flat(lng, ns)).sort()).toEqual(Object.keys(es).sort());
    });

    it.each(OTHER_LANGUAGES)('%s uses the same interpolation placeholders as Spanish', (lng) => {
      const other = flat(lng, ns);
      for (const key of Object.keys(es)) expect([key, placeholders(other[key] ?? '')]).toEqual([key, placeholders(es[key])]);
    });

    it.each(LANGUAGE_CODES)('%s has no empty text', (lng) => {
      for (const [key, text] of Object.entries(flat(lng, ns))) expect([key, text.trim().length > 0]).toEqual([key, true]);
    });
  });

  it('keeps the Spanish texts the specification quotes, exactly', () => {
    const exact: Record<string, string> = {
      'common:loading': 'Cargando...',
      'common:chipSelect.noOptions': 'Describe el ítem',
      'common:upload.maxSize': 'El tamaño máximo permitido es de {{n}}MB',
      'common:actions.save': 'Guardar',
      'common:actions.cancel': 'Cancelar',
      'common:actions.close': 'Cerrar',
      'common:actions.delete': 'Eliminar',
      'common:actions.edit': 'Editar',
      'common:actions.new': 'Nuevo',
      'common:actions.search': 'Buscar',
      'common:actions.exportExcel': 'Exportar a Excel',
      'common:actions.retry': 'Reintentar',
      'common:actions.back': 'Volver',
      'common:words.yes': 'Sí',
      'common:words.no': 'No',
      'common:words.actions': 'Acciones',
      'common:words.noData': 'Sin datos',
      'common:table.rowsPerPage': 'Filas por página',
      'common:errors.forbidden': messages.forbidden,
      'common:landing.soon': 'Esta pantalla se habilitará próximamente; aquí verás los datos de tu empresa.',
      'shell:toolbar.shortcuts.searchPlaceholder': 'Busca una aplicación o página',
      'shell:toolbar.shortcuts.noResults': 'Sin resultados',
      'shell:toolbar.search.noResults': 'Sin resultados',
      'shell:toolbar.notifications.title': 'Notificaciones',
      'shell:toolbar.notifications.clear': 'Limpiar',
      'shell:toolbar.notifications.empty': 'No hay notificaciones por ahora',
      'shell:toolbar.notifications.browserTitle': 'Nuevo mensaje',
      'shell:userMenu.noPosition': 'Sin cargo',
      'shell:userMenu.signOut': 'Cerrar Sesión',
      'shell:chat.sending': 'Enviando mensaje',
      'shell:failureReport.button': 'Reporte de fallas y daños',
      'shell:criticalDimensions.title': 'Dimensiones criticas',
      'shell:criticalDimensions.dimensionA': 'Dimensión A (mm)',
      'shell:criticalDimensions.dimensionB': 'Dimensión B (mm)',
      'shell:criticalDimensions.close': 'Cerrar',
      'shell:criticalDimensions.save': 'Guardar',
      'shell:criticalDimensions.saved': 'Información Guardada',
      'shell:remoteError.title': 'Esta área no pudo cargarse',
      'shell:remoteError.retry': 'Reintentar',
      'shell:session.invalidAccessToken': 'Invalid access_token',
      'shell:session.accessTokenExpired': 'access_token expired',
      'shell:session.tokenSignInFailed': 'Error intentando ingresar con el TOKEN',
      'shell:session.tokenSignInSucceeded': 'Autenticado correctamente',
      'shell:navigation.groups.applications': 'Aplicaciones',
      'shell:navigation.groups.dashboards': 'Tableros',
      'shell:navigation.groups.production': 'Producción ágil',
      'shell:navigation.groups.maintenance': 'Mantenimiento inteligente',
      'shell:navigation.groups.dieshop': 'Matricería ágil',
      'shell:navigation.groups.administration': 'Administración',
      'shell:navigation.pages.dashboards-indicators': 'Indicadores clave',
      'shell:navigation.pages.dashboards-analytics': 'Resumen de áreas',
      'shell:navigation.pages.finishes': 'Acabados',
      'auth:login.title': 'INGRESA A TU CUENTA',
      'auth:login.email': 'Correo',
      'auth:login.password': 'Contraseña',
      'auth:login.submit': 'INGRESAR',
    };
    const es = Object.fromEntries(CORE_NAMESPACES.flatMap((ns) => Object.entries(flat('es', ns)).map(([key, text]) => [`${ns}:${key}`, text])));
    for (const [key, text] of Object.entries(exact)) expect([key, es[key]]).toEqual([key, text]);
  });

  it('agrees with the texts @planta/contracts keeps for the same messages', () => {
    const shell = flat('es', 'shell');
    expect(shell['criticalDimensions.saved']).toBe(messages.informationSaved);
    expect(shell['session.invalidAccessToken']).toBe(messages.invalidAccessToken);
    expect(shell['session.accessTokenExpired']).toBe(messages.accessTokenExpired);
    expect(shell['session.tokenSignInFailed']).toBe(messages.tokenSignInFailed);
    expect(shell['session.tokenSignInSucceeded']).toBe(messages.tokenSignInSucceeded);
    expect(flat('es', 'common')['upload.maxSize'].replace('{{n}}', '7')).toBe(messages.maxUploadSize(7));
  });

  it('titles every page of the catalogue, in Spanish with the catalogue name', () => {
    const aliases = PAGES.map((page) => page.alias).sort();
    for (const lng of LANGUAGE_CODES) expect(Object.keys(resources[lng].shell.navigation.pages).sort()).toEqual(aliases);
    const titles: Record<string, string> = resources.es.shell.navigation.pages;
    for (const page of PAGES) expect([page.alias, titles[page.alias]]).toEqual([page.alias, page.name]);
  });

  it('describes every page of the catalogue, one entry per alias, in Spanish with the catalogue description', () => {
    const aliases = PAGES.map((page) => page.alias).sort();
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const lng of LANGUAGE_CODES) {
      const pages: Record<string, Bundle | string> = resources[lng].pages;
      expect([lng, Object.keys(pages).sort()]).toEqual([lng, aliases]);
      for (const alias of aliases) expect([lng, alias, Object.keys(pages[alias])]).toEqual([lng, alias, ['description']]);
    }
    const es: Record<string, { description: string }> = resources.es.pages;
    for (const page of PAGES) expect([page.alias, es[page.alias].description]).toEqual([page.alias, page.description]);
  });

  it('describes the product on the login page as a reliable, productive and transparent ally', () => {
    expect(resources.es.auth.login.description).toMatch(/aliado confiable, productivo y transparente.*planta de extrusión/);
  });

  // The English texts the specification quotes stay as quoted in every language; the product
  // name, error codes and provider names are not translated either. Everything else is.
  const SAME_IN_EVERY_LANGUAGE = [
    'shell:session.invalidAccessToken',
    'shell:session.accessTokenExpired',
    'shell:appName',
    'shell:errors.notFound.code',
    'shell:errors.serverError.code',
  ];
  // words that happen to be spelt the same as in Spanish
  const SAME_AS_SPANISH: Record<string, string[]> = {
    en: ['common:words.no', 'shell:chat.title', 'shell:navigation.pages.roles'],
    ar: [],
    tr: ['shell:settings.theme.title'],
  };

  it.each(OTHER_LANGUAGES)('%s is a real translation, not a copy of Spanish', (lng) => {
    for (const ns of CORE_NAMESPACES) {
      const es = flat('es', ns);
      const other = flat(lng, ns);
      for (const key of Object.keys(es)) {
        const id = `${ns}:${key}`;
        if (SAME_IN_EVERY_LANGUAGE.includes(id)) expect([id, other[key]]).toEqual([id, es[key]]);
        else if (!SAME_AS_SPANISH[lng].includes(id)) expect([id, other[key]]).not.toEqual([id, es[key]]);
      }
    }
  });

  it('writes Arabic in Arabic script', () => {
    const ar = flat('ar', 'auth');
    expect(ar['login.email']).toMatch(/[\u0600-\u06FF]/);
    expect(flat('ar', 'common')['loading']).toMatch(/[\u0600-\u06FF]/);
    for (const [key, text] of Object.entries(flat('ar', 'pages'))) expect([key, text]).toEqual([key, expect.stringMatching(/[\u0600-\u06FF]/)]);
  });
});
