import { useEffect } from 'react';
import { watchRealtimeSession } from '@planta/session';
import { NotificationsPanel } from '../notifications/notifications-panel';
import { ChatPanel } from './chat-panel';

/** Opens the realtime socket after sign-in and closes it on sign-out (libs/session realtime.ts). */
export function useRealtimeConnection(): void {
  useEffect(() => watchRealtimeSession(), []);
}

/** What the layout mounts once: the realtime connection, the chat panel and the notifications drawer. */
export function ShellPanels() {
  useRealtimeConnection();
  return (
    <>
      <ChatPanel />
      <NotificationsPanel />
    </>
  );
}
