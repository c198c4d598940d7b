import { loadConfig } from '../config/app-config';
import { PreventiveScheduler } from './preventive-scheduler.service';

/** The scheduler's own timing: every period while the API runs, nothing after shutdown, nothing when switched off. */
describe('PreventiveScheduler timing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const schedulerWith = (period: string) => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), PLANTA_DATA_DIR: '/nonexistent', PM_SCHEDULER_MS: period });
    const scheduler = new PreventiveScheduler(null as never, null as never, null as never, null as never, config);
    const runs = jest.spyOn(scheduler, 'runAll').mockResolvedValue(new Map());
    return { scheduler, runs };
  };

  it('runs every minute by default and stops on shutdown', async () => {
    const { scheduler, runs } = schedulerWith('');
    scheduler.onApplicationBootstrap();
    jest.advanceTimersByTime(59_999);
    expect(runs).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(runs).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(120_000);
    expect(runs).toHaveBeenCalledTimes(3);
    await scheduler.onApplicationShutdown();
    jest.advanceTimersByTime(600_000);
    expect(runs).toHaveBeenCalledTimes(3);
  });

  it('never runs by itself when the period is 0 (tests drive it on demand)', async () => {
    const { scheduler, runs } = schedulerWith('0');
    scheduler.onApplicationBootstrap();
    jest.advanceTimersByTime(3_600_000);
    expect(runs).not.toHaveBeenCalled();
    await scheduler.onApplicationShutdown();
  });
});
