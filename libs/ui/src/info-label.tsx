import { InfoLabel as FluentInfoLabel, makeStyles, type InfoLabelProps, type PositioningShorthand } from '@fluentui/react-components';

/**
 * Where an explanation opens: beside or below its label, never above it, where a page keeps its
 * controls (Fluent's default, 'above-start', put the MTTR formula over 'Exportar a Excel').
 */
export const INFO_POSITIONING: PositioningShorthand = { position: 'below', align: 'start', fallbackPositions: ['after', 'before', 'above'] };

const useStyles = makeStyles({
  // An explanation is read, not used: a click through it reaches the control beneath (and closes it).
  surface: { pointerEvents: 'none' },
});

/**
 * The portal's label with an (i) button and its explanation (Fluent's InfoLabel), placed so that
 * it never takes a click meant for a button: every figure's formula goes through it.
 */
export function InfoLabel({ info, ...props }: Omit<InfoLabelProps, 'infoButton'>) {
  const styles = useStyles();
  return (
    <FluentInfoLabel
      {...props}
      info={info}
      infoButton={{ popover: { positioning: INFO_POSITIONING }, info: { className: styles.surface, children: info as never } }}
    />
  );
}
