import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { liveEvents, type IndicatorsChangedPayload } from '@planta/contracts';
import { INDICATORS_CHANGED_CHANNEL, parseIndicatorsChange } from '../database/data-changes';
import { ListenPool } from '../database/listen-pool';
import { RealtimeService } from './realtime.service';

/** Changes that arrive together (a run ended: the run, its die, the die's counters) go out as one event per company and area. */
const COALESCE_MS = 500;

/**
 * Keeps the dashboards live (issue 16): relays the database's INDICATORS_CHANGED_CHANNEL to the
 * sockets of the company as `indicatorsChanged` { area }. Every API process listens and tells only
 * its own sockets, so each browser hears a change once however many processes run and whoever
 * wrote it.
 */
@Injectable()
export class IndicatorsLive implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly pending = new Set<string>();
  private flushTimer?: NodeJS.Timeout;
  private stopListening?: () => void;

  constructor(
    private readonly pool: ListenPool,
    private readonly realtime: RealtimeService,
  ) {}

  onApplicationBootstrap(): void {
    // After a lost connection the clients' own reconnection catch-up reloads their figures.
    this.stopListening = this.pool.listen(INDICATORS_CHANGED_CHANNEL, 'Indicator change listener', (payload) => this.changed(payload));
  }

  beforeApplicationShutdown(): void {
    this.stopListening?.();
    clearTimeout(this.flushTimer);
  }

  private changed(payload: string | undefined): void {
    if (!parseIndicatorsChange(payload)) return;
    this.pending.add(payload!);
    this.flushTimer ??= setTimeout(() => this.flush(), COALESCE_MS);
  }

  private flush(): void {
    this.flushTimer = undefined;
    for (const payload of this.pending) {
      const change = parseIndicatorsChange(payload)!;
      this.realtime.toCompanyHere(change.companyId, liveEvents.indicatorsChanged, { area: change.area } satisfies IndicatorsChangedPayload);
    }
    this.pending.clear();
  }
}
