import {
  ArrowUploadRegular,
  BeakerRegular,
  BoardRegular,
  BoxMultipleRegular,
  BroomRegular,
  BuildingFactoryRegular,
  BuildingRegular,
  ChartMultipleRegular,
  CircleRegular,
  ClipboardTaskRegular,
  ClockRegular,
  DataLineRegular,
  DataPieRegular,
  DataTrendingRegular,
  DocumentRegular,
  GaugeRegular,
  PaintBrushRegular,
  PeopleRegular,
  PersonBoardRegular,
  PersonKeyRegular,
  ShieldKeyholeRegular,
  ToolboxRegular,
  WarningRegular,
  WrenchRegular,
  WrenchScrewdriverRegular,
} from '@fluentui/react-icons';
import type { FluentIcon } from '@fluentui/react-icons';

/** The icons navigation items name (strings travel through federation; components are resolved here). */
const ICONS: Record<string, FluentIcon> = {
  ArrowUploadRegular,
  BeakerRegular,
  BoardRegular,
  BoxMultipleRegular,
  BroomRegular,
  BuildingFactoryRegular,
  BuildingRegular,
  ChartMultipleRegular,
  ClipboardTaskRegular,
  ClockRegular,
  DataLineRegular,
  DataPieRegular,
  DataTrendingRegular,
  DocumentRegular,
  GaugeRegular,
  PaintBrushRegular,
  PeopleRegular,
  PersonBoardRegular,
  PersonKeyRegular,
  ShieldKeyholeRegular,
  ToolboxRegular,
  WarningRegular,
  WrenchRegular,
  WrenchScrewdriverRegular,
};

export function NavIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || CircleRegular;
  return <Icon fontSize={20} aria-hidden />;
}
