import { makeStaticStyles } from '@fluentui/react-components';
import { TOUCH_QUERY } from './use-media';

/** WCAG 2.5.5: a finger needs 44 × 44 CSS px. */
export const TOUCH_TARGET = 44;

const px = `${TOUCH_TARGET}px`;

/**
 * Issue 17, touch targets on the tablet layouts, written once for the whole portal (the shell's
 * own chrome, every remote's pages, dialogs and menus in portals): where fingers, not a mouse,
 * work the portal (TOUCH_QUERY: a coarse pointer, or a screen no wider than a landscape tablet),
 * every Fluent control and every stand-alone link is at least 44 × 44 CSS px. A desktop with a
 * mouse keeps Fluent's compact 32 px controls: nothing here applies to it.
 *
 * `body` in front of each selector puts it one element above Fluent's atomic classes (one class
 * each), so the order in which the style sheets are inserted does not matter.
 */
const TOUCH_TARGET_CSS = `
@media ${TOUCH_QUERY} {
  /* The phone's side tab keeps its 32 px: the layout keeps exactly that gutter for it (failure-report-button.tsx); 56 px on tablets. */
  body .fui-Button:not([data-part='side-button']),
  body .fui-ToggleButton,
  body .fui-MenuButton,
  body .fui-CompoundButton,
  body .fui-InfoButton,
  body .fui-SpinButton__incrementButton,
  body .fui-SpinButton__decrementButton {
    min-width: ${px};
    min-height: ${px};
  }
  /* Fields: the visible frame is the target (its inner input stretches to it). */
  body .fui-Input,
  body .fui-Combobox,
  body .fui-Dropdown,
  body .fui-SpinButton,
  body .fui-Select__select,
  body .fui-Dropdown__button {
    min-height: ${px};
  }
  body .fui-Tab,
  body .fui-TableHeaderCell__button,
  body .fui-AccordionHeader__button,
  body .fui-TreeItemLayout,
  body .fui-Option,
  body .fui-MenuItem,
  body .fui-MenuItemCheckbox,
  body .fui-MenuItemRadio,
  body .fui-MenuItemSwitch,
  body .fui-MenuItemLink {
    min-height: ${px};
  }
  /* The (i) of a label, 44 px now, sits beside the label's text, centred on it. */
  body .fui-InfoLabel {
    display: inline-flex;
    align-items: center;
  }
  body .fui-InfoLabel__infoButton {
    margin-block: 0;
  }
  /* A checkbox, radio or switch is tapped on its box or its label: the row is 44 px tall. */
  body .fui-Checkbox,
  body .fui-Radio,
  body .fui-Switch {
    min-height: ${px};
    align-items: center;
  }
  body .fui-Checkbox__input,
  body .fui-Radio__input,
  body .fui-Switch__input {
    min-width: ${px};
  }
  /*
   * Stand-alone links (a table cell's link, "Ver el inventario" under a figure, a row of links
   * beside the filters): 44 px tall, the text centred. A link inside a sentence (in a paragraph)
   * stays inline: WCAG's inline exception, its size is the line's.
   */
  :where(a[href]:not([class])):not(:where(p *)),
  body a.fui-Link[href]:not(:where(p *)) {
    display: inline-flex;
    align-items: center;
    min-height: ${px};
    min-width: ${px};
  }
  /* "Ver datos" under a chart: the whole row opens the table. */
  body summary {
    min-height: ${px};
    padding-block: 12px;
    box-sizing: border-box;
  }
}
`;

/** Mounts the tablet touch-target rules (static: inserted once, whatever mounts it). */
export const useTouchTargetStyles = makeStaticStyles(TOUCH_TARGET_CSS);
