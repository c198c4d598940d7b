/** The die shop's settings screen (`/apps/dieshop-settings`, domain.md E). */
export const dieshopSettingsTexts = {
  es: {
    dieshopSettings: {
      title: 'Ajustes de matricería',
      readOnly: 'Solo quien administra la empresa puede cambiar estos ajustes.',
      sections: {
        nitriding: 'Nitrurado',
        preparation: 'Alistamiento y horno',
        families: 'Umbrales por familia de matrices',
      },
      fields: {
        nitriding_warn_percent: 'Aviso de «nitrurado próximo» (% del umbral)',
        enlistment_guard: 'Matriz con corrección abierta o nitrurado vencido al alistar',
        oven_required: 'Exigir el paso por el horno antes de la prensa',
        oven_max_dwell_hours: 'Tiempo máximo en el horno (h)',
        min_die_temperature_c: 'Temperatura mínima de la matriz al entrar en prensa (°C)',
      },
      hints: {
        nitriding_warn_percent: 'Una matriz se marca «nitrurado próximo» desde este porcentaje de tochos o kg de su umbral.',
        oven_max_dwell_hours: 'Pasado este tiempo se avisa: las superficies de la matriz se oxidan en el horno.',
      },
      families: {
        intro: 'Se aplican a las copias sin umbral propio; lo que llegue primero, tochos o kg. Deja vacío lo que la planta no controla.',
        dieType: 'Tipo de matriz',
        nitridingEveryBillets: 'Nitrurar cada (tochos)',
        nitridingEveryKg: 'Nitrurar cada (kg)',
        expectedLifeKg: 'Vida esperada (kg)',
      },
      save: 'Guardar ajustes',
      saved: 'Ajustes guardados',
      review: 'Revisa los campos marcados',
      loadFailed: 'No se pudieron cargar los ajustes de matricería',
      retry: 'Reintentar',
    },
  },
  en: {
    dieshopSettings: {
      title: 'Die shop settings',
      readOnly: 'Only whoever administers the company may change these settings.',
      sections: {
        nitriding: 'Nitriding',
        preparation: 'Preparation and oven',
        families: 'Thresholds per die family',
      },
      fields: {
        nitriding_warn_percent: '“Nitriding soon” warning (% of the threshold)',
        enlistment_guard: 'Die with an open correction or overdue nitriding when prepared',
        oven_required: 'Require the oven step before the press',
        oven_max_dwell_hours: 'Maximum time in the oven (h)',
        min_die_temperature_c: 'Minimum die temperature entering the press (°C)',
      },
      hints: {
        nitriding_warn_percent: 'A die is flagged “nitriding soon” from this share of its billets or kg threshold.',
        oven_max_dwell_hours: 'Past this time a warning is raised: bearings oxidise in the oven.',
      },
      families: {
        intro: 'They apply to copies without a threshold of their own; whichever of billets or kg comes first. Leave empty what the plant does not track.',
        dieType: 'Die type',
        nitridingEveryBillets: 'Nitride every (billets)',
        nitridingEveryKg: 'Nitride every (kg)',
        expectedLifeKg: 'Expected life (kg)',
      },
      save: 'Save settings',
      saved: 'Settings saved',
      review: 'Check the marked fields',
      loadFailed: 'The die shop settings could not be loaded',
      retry: 'Retry',
    },
  },
  ar: {
    dieshopSettings: {
      title: 'إعدادات ورشة القوالب',
      readOnly: 'لا يغيّر هذه الإعدادات إلا من يدير الشركة.',
      sections: {
        nitriding: 'النترجة',
        preparation: 'التحضير والفرن',
        families: 'العتبات حسب عائلة القوالب',
      },
      fields: {
        nitriding_warn_percent: 'تنبيه «النترجة قريبة» (% من العتبة)',
        enlistment_guard: 'قالب بتصحيح مفتوح أو نترجة متأخرة عند التحضير',
        oven_required: 'اشتراط المرور بالفرن قبل المكبس',
        oven_max_dwell_hours: 'أقصى مدة في الفرن (ساعة)',
        min_die_temperature_c: 'أدنى حرارة للقالب عند دخول المكبس (°م)',
      },
      hints: {
        nitriding_warn_percent: 'يُعلَّم القالب «النترجة قريبة» ابتداءً من هذه النسبة من عتبة الكتل أو الكغ.',
        oven_max_dwell_hours: 'بعد هذه المدة يظهر تنبيه: تتأكسد أسطح القالب في الفرن.',
      },
      families: {
        intro: 'تُطبق على النسخ التي ليست لها عتبة خاصة؛ أيهما يأتي أولاً، الكتل أو الكغ. اترك فارغاً ما لا يتابعه المصنع.',
        dieType: 'نوع القالب',
        nitridingEveryBillets: 'النترجة كل (كتلة)',
        nitridingEveryKg: 'النترجة كل (كغ)',
        expectedLifeKg: 'العمر المتوقع (كغ)',
      },
      save: 'حفظ الإعدادات',
      saved: 'تم حفظ الإعدادات',
      review: 'راجع الحقول المحددة',
      loadFailed: 'تعذر تحميل إعدادات ورشة القوالب',
      retry: 'إعادة المحاولة',
    },
  },
  tr: {
    dieshopSettings: {
      title: 'Kalıphane ayarları',
      readOnly: 'Bu ayarları yalnızca şirketi yöneten kişi değiştirebilir.',
      sections: {
        nitriding: 'Nitrürleme',
        preparation: 'Hazırlık ve fırın',
        families: 'Kalıp ailesine göre eşikler',
      },
      fields: {
        nitriding_warn_percent: '“Nitrürleme yakın” uyarısı (eşiğin %’si)',
        enlistment_guard: 'Hazırlıkta açık düzeltmesi veya gecikmiş nitrürlemesi olan kalıp',
        oven_required: 'Presten önce fırın adımını zorunlu kıl',
        oven_max_dwell_hours: 'Fırında azami süre (saat)',
        min_die_temperature_c: 'Prese girerken asgari kalıp sıcaklığı (°C)',
      },
      hints: {
        nitriding_warn_percent: 'Kalıp, biyet veya kg eşiğinin bu oranından itibaren “nitrürleme yakın” olarak işaretlenir.',
        oven_max_dwell_hours: 'Bu süreden sonra uyarı verilir: kalıp yüzeyleri fırında oksitlenir.',
      },
      families: {
        intro: 'Kendi eşiği olmayan kopyalara uygulanır; biyet veya kg, hangisi önce gelirse. Tesisin izlemediğini boş bırakın.',
        dieType: 'Kalıp tipi',
        nitridingEveryBillets: 'Nitrürleme aralığı (biyet)',
        nitridingEveryKg: 'Nitrürleme aralığı (kg)',
        expectedLifeKg: 'Beklenen ömür (kg)',
      },
      save: 'Ayarları kaydet',
      saved: 'Ayarlar kaydedildi',
      review: 'İşaretli alanları kontrol edin',
      loadFailed: 'Kalıphane ayarları yüklenemedi',
      retry: 'Yeniden dene',
    },
  },
} as const;
