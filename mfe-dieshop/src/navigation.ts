import { profileResource } from '@planta/contracts';
import { pageItem, resourceNavItem, type NavigationItem } from '@planta/shell-contract';

/**
 * "Agile die shop" and the corrector board entries of the Applications group (spec 2.3); urls
 * from spec 2.2. Spec 2.2 names no route for die cleaning: it gets `/apps/die-cleaning/:id`,
 * following the `<screen>/:id` pattern of the other die-shop lists.
 */
export const DIESHOP_NAVIGATION: readonly NavigationItem[] = [
  {
    id: 'dieshop',
    type: 'collapse',
    title: 'Matricería ágil',
    icon: 'ToolboxRegular',
    children: [
      pageItem('dies', '/apps/dies/all', { icon: 'BoxMultipleRegular' }),
      // Profiles and the settings are screens of the 'dies' page (its grants), each an item of its own.
      { ...resourceNavItem(profileResource), id: 'profiles', title: 'Perfiles', translate: 'shell:navigation.items.profiles' },
      pageItem('die-nitriding', '/apps/die-nitruring-confirm/all', { icon: 'BeakerRegular' }),
      pageItem('die-preparation', '/apps/die_enlistment/all', { icon: 'ClipboardTaskRegular' }),
      pageItem('die-production-confirmation', '/apps/die-confirm-production/all', { icon: 'ClipboardTaskListLtrRegular' }),
      pageItem('die-cleaning', '/apps/die-cleaning/all', { icon: 'BroomRegular' }),
      pageItem('tooling', '/apps/herramental/all', { icon: 'WrenchScrewdriverRegular' }),
      pageItem('correction-board', '/apps/correction-kanban-board', { icon: 'BoardRegular' }),
      pageItem('correction-records', '/apps/correction-record/all', { icon: 'ClipboardTaskListLtrRegular' }),
      pageItem('smart-upload', '/apps/ia-agent/list', { icon: 'ArrowUploadRegular' }),
      {
        ...pageItem('dies', '/apps/dieshop-settings', { icon: 'OptionsRegular' }),
        id: 'dieshop-settings',
        title: 'Ajustes de matricería',
        translate: 'shell:navigation.items.dieshopSettings',
      },
    ],
  },
  pageItem('corrector-board', '/apps/corrector-kanban-board', { icon: 'PersonBoardRegular' }),
];
