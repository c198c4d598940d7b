import type { ProductionIndicators } from '@planta/contracts';

type Figures = ProductionIndicators['plant'];

/** Production figures for the widgets' tests: a press near 73 % OEE unless told otherwise. */
export function figures(overrides: Partial<Figures> = {}): Figures {
  return {
    planned_hours: 160,
    stop_hours: 16,
    run_hours: 120,
    billet_kg: 150_000,
    good_kg: 132_000,
    scrap_kg: 6_000,
    net_kg_h: 1100,
    goal_kg_h: 1200,
    availability: 0.9,
    performance: 0.85,
    quality: 0.95,
    oee: 0.72675,
    recovery: 0.88,
    scrap_ratio: 0.04,
    checks: { expected: 720, answered: 700, late: 5, missed: 15, share: 0.972222 },
    ...overrides,
  };
}

export function indicators(overrides: Partial<ProductionIndicators> = {}): ProductionIndicators {
  return {
    period: { from: '2026-11-01T05:00:00.000Z', to: '2026-11-08T05:00:00.000Z', now: '2026-11-08T05:00:00.000Z' },
    time_zone: 'America/Bogota',
    shift: null,
    plant: figures(),
    presses: [
      { ...figures({ oee: 0.6, availability: 0.8, performance: 0.8, quality: 0.9375 }), line_id: 1, line_name: 'Prensa 1', net_productivity_goal_kg_h: 1200 },
      { ...figures({ oee: 0.9 }), line_id: 2, line_name: 'Prensa 2', net_productivity_goal_kg_h: 1300 },
      {
        ...figures({ oee: null, performance: null, net_kg_h: null, goal_kg_h: null, run_hours: 0 }),
        line_id: 3,
        line_name: 'Prensa 3',
        net_productivity_goal_kg_h: 900,
      },
    ],
    trend: [],
    loss_pareto: [],
    ...overrides,
  };
}
