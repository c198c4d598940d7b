/**
 * The titles of the area's dashboard widgets, apart from the bundle that holds them
 * (dashboard-widgets.texts.ts): the widget declarations, loaded with the remote's module, take the
 * Spanish ones without pulling in the widgets' texts.
 */
export const widgetTitles = {
  es: { reliability: 'Confiabilidad de prensas', work: 'Trabajo de mantenimiento', myOrders: 'Mis órdenes de trabajo' },
  en: { reliability: 'Press reliability', work: 'Maintenance work', myOrders: 'My work orders' },
  ar: { reliability: 'موثوقية المكابس', work: 'أعمال الصيانة', myOrders: 'أوامر العمل الخاصة بي' },
  tr: { reliability: 'Pres güvenilirliği', work: 'Bakım işleri', myOrders: 'İş emirlerim' },
};
