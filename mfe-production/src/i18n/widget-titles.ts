/**
 * The titles of the area's dashboard widgets, apart from the bundles that use them: the widget
 * declarations (production-widgets.ts, loaded with the remote's module) take the Spanish ones
 * without pulling in a whole bundle.
 */
export const widgetTitles = {
  es: {
    oee: 'OEE por prensa',
    output: 'Productividad y recuperación',
    checks: 'Controles dimensionales',
    trend: 'Tendencia de OEE',
    pareto: 'Pareto de pérdidas',
    myExtrusion: 'Mi extrusión',
  },
  en: {
    oee: 'OEE by press',
    output: 'Productivity and recovery',
    checks: 'Dimension checks',
    trend: 'OEE trend',
    pareto: 'Loss Pareto',
    myExtrusion: 'My extrusion',
  },
  ar: {
    oee: 'الفعالية الإجمالية للمعدات حسب المكبس',
    output: 'الإنتاجية والاسترداد',
    checks: 'فحوص الأبعاد',
    trend: 'اتجاه الفعالية الإجمالية للمعدات',
    pareto: 'باريتو الخسائر',
    myExtrusion: 'بثقي',
  },
  tr: {
    oee: 'Pres bazında OEE',
    output: 'Verimlilik ve geri kazanım',
    checks: 'Boyut kontrolleri',
    trend: 'OEE eğilimi',
    pareto: 'Kayıp Pareto analizi',
    myExtrusion: 'Ekstrüzyonum',
  },
};
