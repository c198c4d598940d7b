// zod-free: the session library and the shell (on the sign-in page) name these events; the
// payload schemas stay in events.ts.

/** Spec 7 live events. User-specific names are built from the user id. */
export const liveEvents = {
  userMessages: (userId: number | string) => `${userId}Messages`,
  newMessage: (userId: number | string) => `${userId}-new-message`,
  userIsOnline: 'userIsOnline',
  userIsOffline: 'userIsOffline',
  taskBlocked: 'taskBlocked',
  failureReportSubmitted: 'failureReportSubmitted',
  labeledUser: 'labeledUser',
  labeledUserInCorrectionOrder: 'labeledUserInCorrectionOrder',
  labeledUserCorrectionDiscussion: 'labeledUserCorrectionDiscussion',
  userLabelMaintenanceBoard: 'userLabelMaintenanceBoard',
  /** To the operator who started a run: the stop of its press ended; resume or end the run. */
  runResumable: 'runResumable',
  /** To a company's sockets: its page-role grants changed; sessions fetch their grants again. */
  grantsChanged: 'grantsChanged',
  /**
   * To one socket, just before the server cuts it: its user may no longer hear this company
   * (deactivated, removed from it) or its token expired. The client asks the API whether the
   * session still holds instead of reconnecting.
   */
  accessRevoked: 'accessRevoked',
  /** To an upload's uploader: a document being read ('Leyendo PDF', 'OCR página 2/3') and its outcome. */
  uploadProgress: 'uploadProgress',
  /**
   * To a company's sockets: data behind an area's indicators changed (a run ended, a stop, a work
   * order, a die moved, a correction); payload IndicatorsChangedPayload. Announced by the
   * database itself, at most once a second per company and area.
   */
  indicatorsChanged: 'indicatorsChanged',
  /** Emitted by the client. */
  joinToRoom: 'joinToRoom',
  /**
   * Emitted by the client with a new access token of the same user (company switch, renewed
   * session): the socket moves to that token's company and roles without reconnecting.
   */
  renewAccess: 'renewAccess',
} as const;

/** The areas whose indicators a change concerns (the `area` of `indicatorsChanged`). */
export const INDICATOR_AREAS = ['production', 'maintenance', 'dieshop'] as const;
export type IndicatorArea = (typeof INDICATOR_AREAS)[number];
export interface IndicatorsChangedPayload {
  area: IndicatorArea;
}

/** The events a stored notification goes out as (NotificationsService). */
export const NOTIFYING_EVENTS = [
  liveEvents.taskBlocked,
  liveEvents.failureReportSubmitted,
  liveEvents.labeledUser,
  liveEvents.labeledUserInCorrectionOrder,
  liveEvents.labeledUserCorrectionDiscussion,
  liveEvents.userLabelMaintenanceBoard,
  liveEvents.runResumable,
] as const;
export type NotifyingEvent = (typeof NOTIFYING_EVENTS)[number];
