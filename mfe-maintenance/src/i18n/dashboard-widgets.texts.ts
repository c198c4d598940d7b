/**
 * The area's dashboard widgets (issue 16, `maintenance:widgets.*`): their titles, the formulas of
 * their tooltips (in Spanish the contract's INDICATOR_FORMULAS, word for word) and their texts. The
 * figures' names, stop causes and work-order vocabulary are the dashboard's and the board's.
 */
import { INDICATOR_FORMULAS } from '@planta/contracts';
import type { BundleShape } from '@planta/i18n';
import { widgetTitles } from './widget-titles';

const es = {
  widgets: {
    allPresses: 'Todas las prensas',
    formulas: {
      mtbf: INDICATOR_FORMULAS.mtbf,
      mttr: INDICATOR_FORMULAS.mttr,
      availability: INDICATOR_FORMULAS.maintenanceAvailability,
      compliance: INDICATOR_FORMULAS.compliance,
      downtime: INDICATOR_FORMULAS.downtime,
    },
    reliability: {
      title: widgetTitles.es.reliability,
      perPress: 'Confiabilidad por prensa',
      noPresses: 'No hay prensas registradas',
    },
    work: {
      title: widgetTitles.es.work,
      onTime: '{{onTime}} de {{due}} a tiempo',
      toBoard: 'Ver en el tablero',
      toDashboard: 'Ver el tablero de mantenimiento',
      downtime: 'Horas de parada por causa',
      downtimeSummary: 'Horas de parada por causa en el período: {{list}}',
      viewData: 'Ver datos',
      stops: 'Paradas',
      due: 'OT preventivas con vencimiento',
      dueOnTime: 'OT preventivas a tiempo',
    },
    myOrders: {
      title: widgetTitles.es.myOrders,
      list: 'Mis órdenes de trabajo abiertas, la más urgente primero',
      empty: 'No tienes órdenes de trabajo abiertas.',
      dueOn: 'Vence {{date}}',
      noDue: 'Sin fecha límite',
      showing: 'Las {{shown}} más urgentes de {{total}}',
      toBoard: 'Ver todas en el tablero',
      yes: 'Sí',
      no: 'No',
    },
  },
};

const en: BundleShape<typeof es> = {
  widgets: {
    allPresses: 'All presses',
    formulas: {
      mtbf: 'MTBF = (hours of the period − stop hours) ÷ number of failure stops.',
      mttr: 'MTTR = sum of the hours of the failure stops ÷ their number.',
      availability:
        'Inherent availability = MTBF ÷ (MTBF + MTTR): the time between failures against the time to repair them. Not the OEE availability, which takes every unplanned stop off the planned time.',
      compliance: 'Preventive compliance = preventive orders due in the period completed on time ÷ preventive orders due in the period.',
      downtime: 'Stop hours by cause of every machine in the period.',
    },
    reliability: {
      title: widgetTitles.en.reliability,
      perPress: 'Reliability per press',
      noPresses: 'No presses registered',
    },
    work: {
      title: widgetTitles.en.work,
      onTime: '{{onTime}} of {{due}} on time',
      toBoard: 'See on the board',
      toDashboard: 'See the maintenance dashboard',
      downtime: 'Stop hours by cause',
      downtimeSummary: 'Stop hours by cause in the period: {{list}}',
      viewData: 'See data',
      stops: 'Stops',
      due: 'Preventive orders due',
      dueOnTime: 'Preventive orders on time',
    },
    myOrders: {
      title: widgetTitles.en.myOrders,
      list: 'My open work orders, most urgent first',
      empty: 'You have no open work orders.',
      dueOn: 'Due {{date}}',
      noDue: 'No due date',
      showing: 'The {{shown}} most urgent of {{total}}',
      toBoard: 'See all on the board',
      yes: 'Yes',
      no: 'No',
    },
  },
};

const ar: BundleShape<typeof es> = {
  widgets: {
    allPresses: 'كل المكابس',
    formulas: {
      mtbf: 'MTBF = (ساعات الفترة − ساعات التوقف) ÷ عدد التوقفات بسبب الأعطال.',
      mttr: 'MTTR = مجموع ساعات التوقفات بسبب الأعطال ÷ عددها.',
      availability:
        'الإتاحة المتأصلة = MTBF ÷ (MTBF + MTTR): الوقت بين الأعطال مقابل وقت إصلاحها. ليست إتاحة OEE التي تطرح كل التوقفات غير المخطط لها من الوقت المخطط.',
      compliance: 'الالتزام الوقائي = الأوامر الوقائية المستحقة في الفترة والمكتملة في موعدها ÷ الأوامر الوقائية المستحقة في الفترة.',
      downtime: 'ساعات التوقف حسب السبب لجميع الآلات في الفترة.',
    },
    reliability: {
      title: widgetTitles.ar.reliability,
      perPress: 'الموثوقية لكل مكبس',
      noPresses: 'لا توجد مكابس مسجلة',
    },
    work: {
      title: widgetTitles.ar.work,
      onTime: '{{onTime}} من {{due}} في موعدها',
      toBoard: 'عرض في اللوحة',
      toDashboard: 'عرض لوحة الصيانة',
      downtime: 'ساعات التوقف حسب السبب',
      downtimeSummary: 'ساعات التوقف حسب السبب في الفترة: {{list}}',
      viewData: 'عرض البيانات',
      stops: 'التوقفات',
      due: 'الأوامر الوقائية المستحقة',
      dueOnTime: 'الأوامر الوقائية في موعدها',
    },
    myOrders: {
      title: widgetTitles.ar.myOrders,
      list: 'أوامر العمل المفتوحة الخاصة بي، الأكثر إلحاحًا أولًا',
      empty: 'ليست لديك أوامر عمل مفتوحة.',
      dueOn: 'تستحق في {{date}}',
      noDue: 'بلا موعد نهائي',
      showing: 'أكثر {{shown}} إلحاحًا من {{total}}',
      toBoard: 'عرض الكل في اللوحة',
      yes: 'نعم',
      no: 'لا',
    },
  },
};

const tr: BundleShape<typeof es> = {
  widgets: {
    allPresses: 'Tüm presler',
    formulas: {
      mtbf: 'MTBF = (dönemin saatleri − duruş saatleri) ÷ arıza duruşu sayısı.',
      mttr: 'MTTR = arıza duruşlarının saatleri toplamı ÷ sayıları.',
      availability:
        'İçsel kullanılabilirlik = MTBF ÷ (MTBF + MTTR): arızalar arası süre ile onarım süresinin karşılaştırması. OEE kullanılabilirliği değildir; o, planlanan süreden tüm plansız duruşları düşer.',
      compliance: 'Önleyici uyum = dönemde vadesi gelen ve zamanında tamamlanan önleyici emirler ÷ dönemde vadesi gelen önleyici emirler.',
      downtime: 'Dönemde tüm makinelerin nedene göre duruş saatleri.',
    },
    reliability: {
      title: widgetTitles.tr.reliability,
      perPress: 'Pres başına güvenilirlik',
      noPresses: 'Kayıtlı pres yok',
    },
    work: {
      title: widgetTitles.tr.work,
      onTime: '{{due}} emirden {{onTime}} zamanında',
      toBoard: 'Panoda gör',
      toDashboard: 'Bakım panosunu gör',
      downtime: 'Nedene göre duruş saatleri',
      downtimeSummary: 'Dönemde nedene göre duruş saatleri: {{list}}',
      viewData: 'Verileri gör',
      stops: 'Duruşlar',
      due: 'Vadesi gelen önleyici emirler',
      dueOnTime: 'Zamanında önleyici emirler',
    },
    myOrders: {
      title: widgetTitles.tr.myOrders,
      list: 'Açık iş emirlerim, en acil olan önce',
      empty: 'Açık iş emriniz yok.',
      dueOn: 'Son tarih {{date}}',
      noDue: 'Son tarih yok',
      showing: '{{total}} emirden en acil {{shown}} tanesi',
      toBoard: 'Tümünü panoda gör',
      yes: 'Evet',
      no: 'Hayır',
    },
  },
};

export const dashboardWidgetTexts = { es, en, ar, tr };
