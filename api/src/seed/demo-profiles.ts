import type { DieType, ProfileShape } from '@planta/contracts';

/**
 * The demo plants' profiles, by the name their dies and orders carry: shape, nominal kg/m and the
 * two critical dimensions the 10-minute checks measure (A: the outer size, B: the wall), with
 * tolerance bands in the manner of EN 755-9. The production demo records its checks around these
 * nominals and the die-shop demo makes the profiles of them, so both tell the same story.
 */
export interface DemoProfile {
  code: string;
  shape: ProfileShape;
  dieType: DieType;
  kgM: number;
  a: number;
  b: number;
}

const profile = (code: string, shape: ProfileShape, kgM: number, a: number, b: number, dieType: DieType = shape): DemoProfile => ({
  code,
  shape,
  dieType,
  kgM,
  a,
  b,
});

export const DEMO_PROFILES: Readonly<Record<string, DemoProfile>> = {
  'Perfil ventana abatible 45 mm': profile('PF-1045', 'hollow', 0.98, 45, 1.5),
  'Tubo redondo 50x2': profile('PF-2050', 'hollow', 0.81, 50, 2),
  'Pletina 40x5': profile('PF-3040', 'solid', 0.54, 40, 5, 'multi_cavity'),
  'Perfil muro cortina 150': profile('PF-1150', 'hollow', 3.2, 150, 2.5),
  'Marco puerta corredera': profile('PF-1268', 'hollow', 1.65, 68, 1.8),
  'Tubo rectangular 60x30x2': profile('PF-2060', 'hollow', 0.94, 60, 2),
  'Perfil U 25x25x2': profile('PF-3025', 'solid', 0.39, 25, 2, 'multi_cavity'),
  'Disipador LED 80 mm': profile('PF-4080', 'solid', 1.45, 80, 1.2),
  'Barandilla pasamanos': profile('PF-5042', 'hollow', 1.1, 42, 2),
  'Perfil persiana 40': profile('PF-6040', 'semi_hollow', 0.42, 40, 1),
  'Junquillo recto 20': profile('PF-6020', 'solid', 0.18, 20, 1.2, 'multi_cavity'),
  'Perfil estructural T 50': profile('PF-3050', 'solid', 0.8, 50, 4),
  'Carril cortina': profile('PF-6022', 'semi_hollow', 0.33, 22, 1.3),
  'Perfil mosquitera': profile('PF-6028', 'semi_hollow', 0.28, 28, 1),
  'Ángulo 40x40x4': profile('PF-3140', 'solid', 0.83, 40, 4),
  'Perfil rotura puente térmico 70': profile('PF-1370', 'hollow', 1.95, 70, 1.8),
  'Perfil ventana corrediza 60 mm': profile('PF-1060', 'hollow', 1.2, 60, 1.6),
  'Tubo cuadrado 40x40x2': profile('PF-2040', 'hollow', 0.82, 40, 2),
  'Marco fachada ventilada': profile('PF-7055', 'semi_hollow', 1.35, 55, 1.8),
  'Disipador de calor 120 mm': profile('PF-4120', 'solid', 2.8, 120, 1.5),
  'Ángulo 30x30x3': profile('PF-3130', 'solid', 0.47, 30, 3),
  'Perfil puerta batiente': profile('PF-1065', 'hollow', 1.75, 65, 2),
  'Moldura decorativa 25 mm': profile('PF-8025', 'solid', 0.25, 25, 1.2, 'multi_cavity'),
};

/** A demo profile by name (every demo die and order names one of the catalogue). */
export function demoProfile(name: string): DemoProfile {
  const found = DEMO_PROFILES[name];
  if (!found) throw new Error(`The demo has no profile named '${name}'`);
  return found;
}

/** The tolerance band of a critical dimension (mm): wider for larger sizes, ±0.15 for walls. */
export function demoTolerance(label: 'A' | 'B', nominal: number): number {
  return label === 'B' ? 0.15 : Math.round((0.15 + nominal * 0.003) * 20) / 20;
}
