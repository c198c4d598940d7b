import { coreBundles } from '@planta/i18n';

/**
 * The die shop's vocabulary (libs/contracts dieshop.schema.ts) as people read it, shared by every
 * screen: `dieshop:enums.<list>.<value>` (values in camelCase, as `i18nKey` writes them). The states'
 * names are the portal's (`common:dieState`): the production screens show them too.
 */
export const commonTexts = {
  es: {
    enums: {
      dieState: coreBundles.common.es.dieState,
      dieType: { solid: 'Sólida', semiHollow: 'Semihueca', hollow: 'Hueca (portahole / puente)', multiCavity: 'Multicavidad' },
      profileShape: { solid: 'Sólido', semiHollow: 'Semihueco', hollow: 'Hueco' },
      dieEventKind: {
        reception: 'Recepción',
        move: 'Cambio de estado',
        run: 'Corrida',
        confirmation: 'Confirmación de producción',
        cleaning: 'Limpieza',
        inspection: 'Inspección',
        nitriding: 'Nitrurado',
        correction: 'Corrección',
        trial: 'Prueba',
        enlistment: 'Alistamiento',
        scrap: 'Baja',
        edit: 'Edición de datos',
      },
      nitridingDue: { ok: 'Al día', soon: 'Nitrurado próximo', overdue: 'Nitrurado vencido' },
      enlistmentGuard: { warn: 'Avisar', block: 'Impedir' },
    },
  },
  en: {
    enums: {
      dieState: coreBundles.common.en.dieState,
      dieType: { solid: 'Solid', semiHollow: 'Semi-hollow', hollow: 'Hollow (porthole / bridge)', multiCavity: 'Multi-cavity' },
      profileShape: { solid: 'Solid', semiHollow: 'Semi-hollow', hollow: 'Hollow' },
      dieEventKind: {
        reception: 'Reception',
        move: 'State change',
        run: 'Run',
        confirmation: 'Production confirmation',
        cleaning: 'Cleaning',
        inspection: 'Inspection',
        nitriding: 'Nitriding',
        correction: 'Correction',
        trial: 'Trial',
        enlistment: 'Preparation',
        scrap: 'Scrapping',
        edit: 'Data edit',
      },
      nitridingDue: { ok: 'Up to date', soon: 'Nitriding due soon', overdue: 'Nitriding overdue' },
      enlistmentGuard: { warn: 'Warn', block: 'Refuse' },
    },
  },
  ar: {
    enums: {
      dieState: coreBundles.common.ar.dieState,
      dieType: { solid: 'مصمتة', semiHollow: 'شبه مجوفة', hollow: 'مجوفة (بورتهول / جسر)', multiCavity: 'متعددة التجاويف' },
      profileShape: { solid: 'مصمت', semiHollow: 'شبه مجوف', hollow: 'مجوف' },
      dieEventKind: {
        reception: 'استلام',
        move: 'تغيير الحالة',
        run: 'تشغيلة',
        confirmation: 'تأكيد الإنتاج',
        cleaning: 'تنظيف',
        inspection: 'فحص',
        nitriding: 'نترجة',
        correction: 'تصحيح',
        trial: 'تجربة',
        enlistment: 'تجهيز',
        scrap: 'استبعاد',
        edit: 'تعديل البيانات',
      },
      nitridingDue: { ok: 'محدثة', soon: 'النترجة قريبة', overdue: 'النترجة متأخرة' },
      enlistmentGuard: { warn: 'تنبيه', block: 'منع' },
    },
  },
  tr: {
    enums: {
      dieState: coreBundles.common.tr.dieState,
      dieType: { solid: 'Dolu', semiHollow: 'Yarı boşluklu', hollow: 'Boşluklu (köprülü)', multiCavity: 'Çok gözlü' },
      profileShape: { solid: 'Dolu', semiHollow: 'Yarı boşluklu', hollow: 'Boşluklu' },
      dieEventKind: {
        reception: 'Teslim alma',
        move: 'Durum değişikliği',
        run: 'Üretim',
        confirmation: 'Üretim onayı',
        cleaning: 'Temizlik',
        inspection: 'Muayene',
        nitriding: 'Nitrürleme',
        correction: 'Düzeltme',
        trial: 'Deneme',
        enlistment: 'Hazırlık',
        scrap: 'Hurdaya ayırma',
        edit: 'Veri düzenleme',
      },
      nitridingDue: { ok: 'Güncel', soon: 'Nitrürleme yaklaşıyor', overdue: 'Nitrürleme gecikti' },
      enlistmentGuard: { warn: 'Uyar', block: 'Engelle' },
    },
  },
};
