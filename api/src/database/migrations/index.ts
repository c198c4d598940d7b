import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { RealtimeChatNotifications1763800000000 } from './1763800000000-realtime-chat-notifications';
import { Production1763900000000 } from './1763900000000-production';
import { TenantPolicyInitPlans1764000000000 } from './1764000000000-tenant-policy-init-plans';
import { OrderSearchKeys1764100000000 } from './1764100000000-order-search-keys';
import { CompanyMemberPolicy1764200000000 } from './1764200000000-company-member-policy';
import { AccentInsensitiveSearch1764300000000 } from './1764300000000-accent-insensitive-search';
import { SignInLimits1764400000000 } from './1764400000000-sign-in-limits';
import { AccessChangeNotify1764410000000 } from './1764410000000-access-change-notify';
import { BoundedProfileInput1764420000000 } from './1764420000000-bounded-profile-input';
import { Administration1764500000000 } from './1764500000000-administration';
import { Maintenance1764600000000 } from './1764600000000-maintenance';
import { WorkOrderCompletedBy1764620000000 } from './1764620000000-work-order-completed-by';
import { MaintenanceSummaryIndexes1764640000000 } from './1764640000000-maintenance-summary-indexes';
import { Dieshop1764700000000 } from './1764700000000-dieshop';
import { Corrections1764800000000 } from './1764800000000-corrections';
import { Uploads1764900000000 } from './1764900000000-uploads';
import { IndicatorsChangedNotify1765000000000 } from './1765000000000-indicators-changed-notify';
import { IdempotencyKeys1765100000000 } from './1765100000000-idempotency-keys';
import { CachedAccessNotify1765200000000 } from './1765200000000-cached-access-notify';
import { ListChangedNotify1765300000000 } from './1765300000000-list-changed-notify';
import { OrderListIndex1765310000000 } from './1765310000000-order-list-index';
import { AnsweredCheckMarks1765500000000 } from './1765500000000-answered-check-marks';
import { PlanningBoardIndexes1765600000000 } from './1765600000000-planning-board-indexes';
import { IdentityBelongsToPerson1765700000000 } from './1765700000000-identity-belongs-to-person';
import { PhotosKeptHere1765710000000 } from './1765710000000-photos-kept-here';
import { ShareLinkIncludes1765720000000 } from './1765720000000-share-link-includes';
import { LateCheckAnswers1765820000000 } from './1765820000000-late-check-answers';
import { NotificationRecordPath1765850000000 } from './1765850000000-notification-record-path';
import { RunningTimeOfRuns1765900000000 } from './1765900000000-running-time-of-runs';
import { StopEndAsksOperator1765910000000 } from './1765910000000-stop-end-asks-operator';
import { CompanyCurrency1766020000000 } from './1766020000000-company-currency';
import { OneTruthAcrossAreas1765800000000 } from './1765800000000-one-truth-across-areas';

/** Every migration, in order. New ones are appended here. */
export const migrations = [
  InitialSchema1763700000000,
  RealtimeChatNotifications1763800000000,
  Production1763900000000,
  TenantPolicyInitPlans1764000000000,
  OrderSearchKeys1764100000000,
  CompanyMemberPolicy1764200000000,
  AccentInsensitiveSearch1764300000000,
  SignInLimits1764400000000,
  AccessChangeNotify1764410000000,
  BoundedProfileInput1764420000000,
  Administration1764500000000,
  Maintenance1764600000000,
  WorkOrderCompletedBy1764620000000,
  MaintenanceSummaryIndexes1764640000000,
  Dieshop1764700000000,
  Corrections1764800000000,
  Uploads1764900000000,
  IndicatorsChangedNotify1765000000000,
  IdempotencyKeys1765100000000,
  CachedAccessNotify1765200000000,
  ListChangedNotify1765300000000,
  OrderListIndex1765310000000,
  AnsweredCheckMarks1765500000000,
  PlanningBoardIndexes1765600000000,
  IdentityBelongsToPerson1765700000000,
  PhotosKeptHere1765710000000,
  ShareLinkIncludes1765720000000,
  OneTruthAcrossAreas1765800000000,
  LateCheckAnswers1765820000000,
  NotificationRecordPath1765850000000,
  RunningTimeOfRuns1765900000000,
  StopEndAsksOperator1765910000000,
  CompanyCurrency1766020000000,
];
