/**
 * The reliability figures and their formulas, explained in the tooltips of the dashboard and the
 * machine summary with the inputs the API computed (contracts maintenance/reliability.ts).
 */
export const reliabilityTexts = {
  es: {
    reliability: {
      mtbf: 'MTBF',
      mttr: 'MTTR',
      availability: 'Disponibilidad inherente',
      uptime: 'Tiempo en marcha',
      noFailures: 'sin fallas en el período',
      mtbfFormula: 'MTBF = (tiempo del período − tiempo de paro) ÷ n.º de fallas = ({{period}} h − {{stop}} h) ÷ {{failures}}',
      mttrFormula: 'MTTR = Σ duración de los paros por falla ÷ n.º de fallas = {{failureHours}} h ÷ {{failures}}',
      availabilityFormula:
        'Disponibilidad inherente = MTBF ÷ (MTBF + MTTR) = {{mtbf}} ÷ ({{mtbf}} + {{mttr}}). No es la disponibilidad del OEE, que descuenta del tiempo planificado todas las paradas no planificadas.',
      uptimeFormula: 'Tiempo en marcha = 1 − tiempo de paro ÷ tiempo del período = 1 − {{stop}} h ÷ {{period}} h',
      failureRule:
        'Son fallas los paros no planificados por causa mecánica, hidráulica, eléctrica, de matriz u otra. Falta de tocho, cambio de matriz y mantenimiento planificado suman tiempo de paro, pero no son fallas. Los paros se recortan al período y un paro abierto cuenta hasta ahora.',
      mttaFormula:
        'MTTA = promedio de horas desde el reporte de falla (o la creación de la OT) hasta la primera reacción: la OT creada desde el reporte o el trabajo iniciado. OT reactivas del período: {{count}}.',
      cycleFormula:
        'Tiempo de ciclo = promedio de horas desde el reporte (o la creación de la OT) hasta su finalización. OT reactivas completadas en el período: {{count}}.',
      complianceFormula: 'Cumplimiento preventivo = OT preventivas completadas a tiempo ÷ OT preventivas con vencimiento en el período = {{onTime}} ÷ {{due}}',
    },
  },
  en: {
    reliability: {
      mtbf: 'MTBF',
      mttr: 'MTTR',
      availability: 'Inherent availability',
      uptime: 'Uptime',
      noFailures: 'no failures in the period',
      mtbfFormula: 'MTBF = (period time − stop time) ÷ number of failures = ({{period}} h − {{stop}} h) ÷ {{failures}}',
      mttrFormula: 'MTTR = Σ duration of failure stops ÷ number of failures = {{failureHours}} h ÷ {{failures}}',
      availabilityFormula:
        'Inherent availability = MTBF ÷ (MTBF + MTTR) = {{mtbf}} ÷ ({{mtbf}} + {{mttr}}). Not the OEE availability, which takes every unplanned stop off the planned time.',
      uptimeFormula: 'Uptime = 1 − stop time ÷ period time = 1 − {{stop}} h ÷ {{period}} h',
      failureRule:
        'Failures are unplanned stops with a mechanical, hydraulic, electrical, die or other cause. Billet shortage, die change and planned maintenance add stop time but are not failures. Stops are clipped to the period and an open stop counts until now.',
      mttaFormula:
        'MTTA = mean hours from the failure report (or the work order’s creation) to the first reaction: the work order created from the report or the work started. Reactive work orders of the period: {{count}}.',
      cycleFormula:
        'Cycle time = mean hours from the report (or the work order’s creation) to its completion. Reactive work orders completed in the period: {{count}}.',
      complianceFormula: 'Preventive compliance = preventive work orders completed on time ÷ preventive work orders due in the period = {{onTime}} ÷ {{due}}',
    },
  },
  ar: {
    reliability: {
      mtbf: 'MTBF',
      mttr: 'MTTR',
      availability: 'الإتاحة المتأصلة',
      uptime: 'زمن التشغيل',
      noFailures: 'لا أعطال في الفترة',
      mtbfFormula: 'MTBF = (زمن الفترة − زمن التوقف) ÷ عدد الأعطال = ({{period}} س − {{stop}} س) ÷ {{failures}}',
      mttrFormula: 'MTTR = مجموع مدد توقفات الأعطال ÷ عدد الأعطال = {{failureHours}} س ÷ {{failures}}',
      availabilityFormula:
        'الإتاحة المتأصلة = MTBF ÷ (MTBF + MTTR) = {{mtbf}} ÷ ({{mtbf}} + {{mttr}}). ليست إتاحة OEE التي تطرح كل التوقفات غير المخطط لها من الوقت المخطط.',
      uptimeFormula: 'زمن التشغيل = 1 − زمن التوقف ÷ زمن الفترة = 1 − {{stop}} س ÷ {{period}} س',
      failureRule:
        'الأعطال هي التوقفات غير المخططة لسبب ميكانيكي أو هيدروليكي أو كهربائي أو في القالب أو غيره. نقص القضبان وتغيير القالب والصيانة المخططة تضيف زمن توقف لكنها ليست أعطالًا. تُقص التوقفات على الفترة ويُحسب التوقف المفتوح حتى الآن.',
      mttaFormula:
        'MTTA = متوسط الساعات من بلاغ العطل (أو إنشاء أمر العمل) حتى أول استجابة: أمر العمل المنشأ من البلاغ أو بدء العمل. أوامر العمل التفاعلية في الفترة: {{count}}.',
      cycleFormula: 'زمن الدورة = متوسط الساعات من البلاغ (أو إنشاء أمر العمل) حتى إكماله. أوامر العمل التفاعلية المكتملة في الفترة: {{count}}.',
      complianceFormula: 'الالتزام الوقائي = أوامر العمل الوقائية المكتملة في موعدها ÷ أوامر العمل الوقائية المستحقة في الفترة = {{onTime}} ÷ {{due}}',
    },
  },
  tr: {
    reliability: {
      mtbf: 'MTBF',
      mttr: 'MTTR',
      availability: 'İçsel kullanılabilirlik',
      uptime: 'Çalışma payı',
      noFailures: 'dönemde arıza yok',
      mtbfFormula: 'MTBF = (dönem süresi − duruş süresi) ÷ arıza sayısı = ({{period}} sa − {{stop}} sa) ÷ {{failures}}',
      mttrFormula: 'MTTR = arıza duruşlarının toplam süresi ÷ arıza sayısı = {{failureHours}} sa ÷ {{failures}}',
      availabilityFormula:
        'İçsel kullanılabilirlik = MTBF ÷ (MTBF + MTTR) = {{mtbf}} ÷ ({{mtbf}} + {{mttr}}). OEE kullanılabilirliği değildir; o, planlanan süreden tüm plansız duruşları düşer.',
      uptimeFormula: 'Çalışma payı = 1 − duruş süresi ÷ dönem süresi = 1 − {{stop}} sa ÷ {{period}} sa',
      failureRule:
        'Arızalar; mekanik, hidrolik, elektrik, kalıp veya diğer nedenli plansız duruşlardır. Biyet eksikliği, kalıp değişimi ve planlı bakım duruş süresine eklenir ama arıza değildir. Duruşlar döneme kırpılır ve açık bir duruş şu ana kadar sayılır.',
      mttaFormula:
        'MTTA = arıza bildiriminden (veya iş emrinin oluşturulmasından) ilk tepkiye kadar ortalama saat: bildirimden oluşturulan iş emri veya başlayan iş. Dönemin reaktif iş emirleri: {{count}}.',
      cycleFormula:
        'Çevrim süresi = bildirimden (veya iş emrinin oluşturulmasından) tamamlanmasına kadar ortalama saat. Dönemde tamamlanan reaktif iş emirleri: {{count}}.',
      complianceFormula: 'Önleyici uyum = zamanında tamamlanan önleyici iş emirleri ÷ dönemde vadesi gelen önleyici iş emirleri = {{onTime}} ÷ {{due}}',
    },
  },
};
