/**
 * The titles of the area's dashboard widgets, apart from the bundle that holds them
 * (dashboard-widgets.texts.ts): the widget declarations, loaded with the remote's module, take the
 * Spanish ones without pulling in the widgets' texts.
 */
export const widgetTitles = {
  es: { dies: 'Matrices', corrections: 'Correcciones', myCorrections: 'Mis correcciones', tomorrow: 'Matrices para mañana' },
  en: { dies: 'Dies', corrections: 'Corrections', myCorrections: 'My corrections', tomorrow: 'Dies for tomorrow' },
  ar: { dies: 'القوالب', corrections: 'التصحيحات', myCorrections: 'تصحيحاتي', tomorrow: 'قوالب الغد' },
  tr: { dies: 'Kalıplar', corrections: 'Düzeltmeler', myCorrections: 'Düzeltmelerim', tomorrow: 'Yarın için kalıplar' },
};
