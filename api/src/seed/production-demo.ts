import type { EntityManager } from 'typeorm';
import { demoProfile } from './demo-profiles';
import { billetCrossSectionArea } from '@planta/contracts';

/**
 * The production demo of each plant (lines, machines, shifts, finishes, alloys, more dies, a few
 * weeks of orders with extrusion runs and critical dimension records), only while the plant has
 * no extrusion line yet: idempotent, and what users changed is left alone.
 */

interface DemoLine {
  name: string;
  tonnage: number;
  pressure: number;
  brand: string;
  reference: string;
  container: number;
  billet: number;
  cooling: number;
  /** Net kg/h goal: the demo runs reach about 85 % of it, so the performance part of OEE reads as a real plant's. */
  goal: number;
  toolingDiameter: number;
  toolingLength: number;
  control: string;
  discard: number;
  billetLength: number;
  blunt: number;
  table: number;
  usable: number;
}

interface DemoPlant {
  lines: DemoLine[];
  shifts: { name: string; start: string; end: string; days: number[]; supervisor: string; line?: number }[];
  finishes: { name: string; type: string; colour?: string; micron?: string; ral?: string }[];
  alloys: [string, string, number, number, number, number, number][];
  dies: { prefix: string; from: number; count: number };
  customers: string[];
  orderCount: number;
  operator: string;
}

const PROFILES = [
  'Perfil ventana abatible 45 mm',
  'Tubo redondo 50x2',
  'Pletina 40x5',
  'Perfil muro cortina 150',
  'Marco puerta corredera',
  'Tubo rectangular 60x30x2',
  'Perfil U 25x25x2',
  'Disipador LED 80 mm',
  'Barandilla pasamanos',
  'Perfil persiana 40',
  'Junquillo recto 20',
  'Perfil estructural T 50',
  'Carril cortina',
  'Perfil mosquitera',
  'Ángulo 40x40x4',
  'Perfil rotura puente térmico 70',
];

const NORTE: DemoPlant = {
  lines: [
    {
      name: 'Prensa 1 - 1450 t',
      tonnage: 1450,
      pressure: 210,
      brand: 'Wefa',
      reference: 'WF-152-R',
      container: 152,
      billet: 146,
      cooling: 38,
      goal: 760,
      toolingDiameter: 280,
      toolingLength: 200,
      control: 'single',
      discard: 15,
      billetLength: 900,
      blunt: 60,
      table: 40,
      usable: 36,
    },
    {
      name: 'Prensa 2 - 1800 t',
      tonnage: 1800,
      pressure: 250,
      brand: 'Castool',
      reference: 'CT-184-X',
      container: 184,
      billet: 178,
      cooling: 45,
      goal: 1750,
      toolingDiameter: 350,
      toolingLength: 240,
      control: 'radial-gradient',
      discard: 20,
      billetLength: 1100,
      blunt: 90,
      table: 48,
      usable: 45,
    },
    {
      name: 'Prensa 3 - 2750 t',
      tonnage: 2750,
      pressure: 280,
      brand: 'Castool',
      reference: 'CT-235-HD',
      container: 235,
      billet: 228,
      cooling: 55,
      goal: 4200,
      toolingDiameter: 420,
      toolingLength: 300,
      control: 'radial-longitudinal-gradient',
      discard: 25,
      billetLength: 1300,
      blunt: 120,
      table: 60,
      usable: 56,
    },
  ],
  shifts: [
    { name: 'Mañana', start: '06:00', end: '14:00', days: [1, 2, 3, 4, 5], supervisor: 'Jorge Salinas' },
    { name: 'Tarde', start: '14:00', end: '22:00', days: [1, 2, 3, 4, 5], supervisor: 'Ana Beltrán' },
    { name: 'Noche', start: '22:00', end: '06:00', days: [7, 1, 2, 3, 4], supervisor: 'Raúl Ortega' },
  ],
  finishes: [
    { name: 'Natural (bruto de prensa)', type: 'mill' },
    { name: 'Anodizado plata mate', type: 'anodised', colour: 'Plata', micron: 'AA15' },
    { name: 'Anodizado bronce', type: 'anodised', colour: 'Bronce medio', micron: 'AA20' },
    { name: 'Anodizado negro exterior', type: 'anodised', colour: 'Negro', micron: 'AA25' },
    { name: 'Lacado blanco tráfico', type: 'powder-coated', ral: 'RAL 9016' },
    { name: 'Lacado gris antracita', type: 'powder-coated', ral: 'RAL 7016' },
    { name: 'Lacado negro intenso', type: 'powder-coated', ral: 'RAL 9005' },
  ],
  // designation, temper, density g/cm³, billet min/max °C, exit min/max °C
  alloys: [
    ['6060', 'T5', 2.7, 450, 490, 500, 530],
    ['6060', 'T66', 2.7, 460, 500, 510, 540],
    ['6063', 'T5', 2.69, 460, 500, 510, 540],
    ['6063', 'T6', 2.69, 470, 510, 515, 545],
    ['6061', 'T6', 2.7, 480, 520, 520, 550],
    ['6082', 'T6', 2.71, 490, 530, 525, 560],
    ['6005A', 'T6', 2.7, 470, 510, 515, 550],
  ],
  dies: { prefix: 'EN', from: 6001, count: 40 },
  customers: [
    'Ventanas Cantábricas S.L.',
    'Fachadas Atlántico S.A.',
    'Construcciones Ebro',
    'Carpintería Metálica Nervión',
    'Electrónica Disipa',
    'Muebles Ría',
  ],
  orderCount: 64,
  operator: 'operario@norte.example',
};

const SUR: DemoPlant = {
  lines: [
    {
      name: 'Línea única - 1100 t',
      tonnage: 1100,
      pressure: 200,
      brand: 'Granco Clark',
      reference: 'GC-127',
      container: 127,
      billet: 121,
      cooling: 32,
      goal: 450,
      toolingDiameter: 240,
      toolingLength: 180,
      control: 'longitudinal-gradient',
      discard: 12,
      billetLength: 800,
      blunt: 50,
      table: 34,
      usable: 31,
    },
  ],
  shifts: [
    { name: 'Turno A', start: '07:00', end: '15:00', days: [1, 2, 3, 4, 5, 6], supervisor: 'Sofía Herrera', line: 0 },
    { name: 'Turno B', start: '15:00', end: '23:00', days: [1, 2, 3, 4, 5], supervisor: 'Pedro Quintana', line: 0 },
  ],
  finishes: [
    { name: 'Natural', type: 'mill' },
    { name: 'Anodizado inox', type: 'anodised', colour: 'Acero inoxidable', micron: 'AA15' },
    { name: 'Lacado marrón', type: 'powder-coated', ral: 'RAL 8017' },
  ],
  alloys: [
    ['6063', 'T5', 2.69, 460, 500, 510, 540],
    ['6060', 'T6', 2.7, 460, 500, 505, 535],
  ],
  dies: { prefix: 'PS', from: 700, count: 8 },
  customers: ['Aluminios Guadalquivir', 'Cerramientos Bahía', 'Toldos del Sur'],
  orderCount: 14,
  operator: 'operario@sur.example',
};

export const PRODUCTION_DEMO: Record<string, DemoPlant> = { 'Extrusiones del Norte': NORTE, 'Perfiles del Sur': SUR };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedProductionDemo(manager: EntityManager, company: string, companyId: number): Promise<void> {
  const plant = PRODUCTION_DEMO[company];
  if (!plant) return;
  const [{ count }] = await manager.query(`select count(*)::int as count from extrusion_line where company_id = $1`, [companyId]);
  if (count > 0) return;

  const lines: { id: number; area: number; billetLength: number }[] = [];
  for (const line of plant.lines) {
    const [row] = await manager.query(
      `insert into extrusion_line (company_id, name, press_tonnage_t, max_operating_pressure_bar, container_brand, container_reference, container_inner_diameter_mm,
         billet_diameter_mm, cooling_table_length_m, net_productivity_goal_kg_h, tooling_diameter_mm, tooling_length_mm, container_temperature_control,
         discard_length_mm, max_billet_length_mm, blunt_length_mm, table_length_m, billet_cross_section_area_mm2, usable_table_length_m)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, null, $18) returning id`,
      [
        companyId,
        line.name,
        line.tonnage,
        line.pressure,
        line.brand,
        line.reference,
        line.container,
        line.billet,
        line.cooling,
        line.goal,
        line.toolingDiameter,
        line.toolingLength,
        line.control,
        line.discard,
        line.billetLength,
        line.blunt,
        line.table,
        line.usable,
      ],
    );
    lines.push({ id: row.id, area: billetCrossSectionArea(line.billet), billetLength: line.billetLength });
    const number = plant.lines.indexOf(line) + 1;
    const machines: [string, string, string, string][] = [
      [`Prensa ${number}`, 'press', line.brand === 'Granco Clark' ? 'Granco Clark' : 'SMS Meer', 'operating'],
      [`Horno de tochos ${number}`, 'billet-furnace', 'Granco Clark', 'operating'],
      [`Horno de matrices ${number}`, 'die-oven', 'Castool', number === 2 ? 'maintenance' : 'operating'],
      [`Puller ${number}`, 'puller', 'Gauthier', 'operating'],
      [`Sierra en caliente ${number}`, 'saw', 'Elumatec', 'operating'],
      [`Estiradora ${number}`, 'stretcher', 'Presezzi', number === 3 ? 'stopped' : 'operating'],
    ];
    for (const [name, type, manufacturer, status] of machines) {
      await manager.query(`insert into machine (company_id, name, type, line_id, status, manufacturer, model) values ($1, $2, $3, $4, $5, $6, $7)`, [
        companyId,
        name,
        type,
        row.id,
        status,
        manufacturer,
        `${type.toUpperCase()}-${line.tonnage}`,
      ]);
    }
  }
  await manager.query(
    `insert into machine (company_id, name, type, line_id, status, manufacturer, model) values ($1, 'Horno de envejecido', 'ageing-oven', null, 'operating', 'Seco/Warwick', 'AO-12')`,
    [companyId],
  );

  for (const shift of plant.shifts) {
    await manager.query(`insert into shift (company_id, name, start_time, end_time, days, supervisor, line_id) values ($1, $2, $3, $4, $5, $6, $7)`, [
      companyId,
      shift.name,
      shift.start,
      shift.end,
      shift.days,
      shift.supervisor,
      shift.line === undefined ? null : lines[shift.line].id,
    ]);
  }
  const finishIds: number[] = [];
  for (const finish of plant.finishes) {
    const [row] = await manager.query(
      `insert into finish (company_id, name, type, colour, micron_class, ral_colour) values ($1, $2, $3, $4, $5, $6) returning id`,
      [companyId, finish.name, finish.type, finish.colour ?? '', finish.micron ?? null, finish.ral ?? ''],
    );
    finishIds.push(row.id);
  }
  const alloys: { id: number; density: number }[] = [];
  for (const [designation, temper, density, billetMin, billetMax, exitMin, exitMax] of plant.alloys) {
    const [row] = await manager.query(
      `insert into aluminum_alloy (company_id, designation, temper, density_g_cm3, billet_temp_min_c, billet_temp_max_c, exit_temp_min_c, exit_temp_max_c) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [companyId, designation, temper, density, billetMin, billetMax, exitMin, exitMax],
    );
    alloys.push({ id: row.id, density });
  }

  for (let index = 0; index < plant.dies.count; index++) {
    const copies = (index % 3) + 1;
    for (let copy = 1; copy <= copies; copy++) {
      await manager.query(`insert into die (company_id, die_reference, copy_number, description) values ($1, $2, $3, $4) on conflict do nothing`, [
        companyId,
        `${plant.dies.prefix}-${plant.dies.from + index}`,
        copy,
        PROFILES[index % PROFILES.length],
      ]);
    }
  }
  const dies: { id: number; die_reference: string; copy_number: number; description: string }[] = await manager.query(
    `select id, die_reference, copy_number, description from die where company_id = $1 order by die_reference, copy_number`,
    [companyId],
  );
  const firstCopies = dies.filter((die) => die.copy_number === 1);
  const [operator] = await manager.query(`select id from app_user where email = $1`, [plant.operator]);
  // One operator runs one press: the plant's operator with an account runs `operatorLine` (Luis
  // Cárdenas, Prensa 2 in the north, as the chat with his lead says); the crews of the other presses
  // have no account in the demo, so their runs have no starter.
  const operatorLine = Math.min(1, plant.lines.length - 1);
  const starterOn = (lineIndex: number): number | null => (lineIndex === operatorLine ? (operator?.id ?? null) : null);

  // A few weeks of orders: the older ones finished with their runs, then in press, planned and to plan.
  // 'En prensa' is a running order: the first of each line runs now; the others of that share ran
  // part of their quantity and went back to their line's plan when their run stopped.
  const now = Date.now();
  const today = new Date(now - (now % DAY));
  const statusAt = (index: number) => {
    const share = index / plant.orderCount;
    return share < 0.6 ? 'finished' : share < 0.7 ? 'in_press' : share < 0.85 ? 'planned' : 'to_plan';
  };
  const runCount = (index: number) => (statusAt(index) === 'finished' ? 1 + (index % 2) : statusAt(index) === 'in_press' ? 1 : 0);
  const runHours = (index: number, run: number) => 2 + ((index + run) % 4) * 0.75;
  const RUN_GAP = 90 * 60_000;
  // Each line's ended runs follow one another up to a few hours before the running one began (the
  // first order in press of each line runs now), so the plant's history reaches today.
  const endedTime = lines.map(() => 0);
  const simulatedRunning = new Set<number>();
  for (let index = 0; index < plant.orderCount; index++) {
    const lineIndex = index % lines.length;
    for (let run = 0; run < runCount(index); run++) {
      if (statusAt(index) === 'in_press' && !simulatedRunning.has(lineIndex)) simulatedRunning.add(lineIndex);
      else endedTime[lineIndex] += runHours(index, run) * HOUR + RUN_GAP;
    }
  }
  const lineClock = lines.map((_, lineIndex) => now - 3 * HOUR - endedTime[lineIndex]);
  const positions = new Map<string, number>();
  const runningLines = new Set<number>();
  const usedDies = new Set<number>();
  for (let index = 0; index < plant.orderCount; index++) {
    const share = index / plant.orderCount;
    const status = statusAt(index);
    const lineIndex = index % lines.length;
    const line = lines[lineIndex];
    let die = firstCopies[(index * 7) % firstCopies.length];
    const alloy = alloys[index % alloys.length];
    const pieces = 200 + ((index * 137) % 1800);
    const lengthMm = [6000, 6500, 5800, 7000][index % 4];
    const kg = Math.round(pieces * (lengthMm / 1000) * (0.6 + (index % 5) * 0.35));
    const due = new Date(today.getTime() + (Math.round(share * 38) - 24) * DAY).toISOString().slice(0, 10);
    const planned = status !== 'to_plan';
    const runningNow = status === 'in_press' && !runningLines.has(line.id);
    // A running order is written planned: its run puts it in press (trigger order_follows_its_runs).
    const stored = status === 'in_press' ? 'planned' : status;
    const columnKey = `${stored}:${stored === 'planned' ? line.id : ''}`;
    const position = runningNow ? 0 : (positions.get(columnKey) ?? 0);
    if (!runningNow) positions.set(columnKey, position + 1);
    if (runningNow) {
      // The die of a running order must be free: pick the next unused first copy.
      while (usedDies.has(die.id)) die = firstCopies[(firstCopies.indexOf(die) + 1) % firstCopies.length];
      usedDies.add(die.id);
    }
    const [order] = await manager.query(
      `insert into production_order (company_id, number, customer, profile, die_id, alloy_id, finish_id, length_mm, quantity_pieces, quantity_kg, due_date, line_id, status, board_position, finished_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, null, $15) returning id`,
      [
        companyId,
        `OP-${plant.dies.prefix}-${String(2400 + index).padStart(5, '0')}`,
        plant.customers[index % plant.customers.length],
        die.description,
        die.id,
        alloy.id,
        index % 4 === 0 ? null : finishIds[index % finishIds.length],
        lengthMm,
        pieces,
        kg,
        due,
        planned ? line.id : null,
        stored,
        position,
        new Date(today.getTime() - 30 * DAY + index * 9 * HOUR),
      ],
    );
    const runs = runCount(index);
    for (let run = 0; run < runs; run++) {
      const isRunning = runningNow && run === runs - 1;
      const start = isRunning ? now - (35 + lineIndex * 12) * 60_000 : lineClock[lineIndex];
      const hours = runHours(index, run);
      const end = isRunning ? null : start + hours * HOUR;
      if (!isRunning) lineClock[lineIndex] = start + hours * HOUR + RUN_GAP;
      const billets = Math.round(hours * (18 + lineIndex * 6));
      const billetKg = Math.round(((billets * line.area * line.billetLength * alloy.density) / 1_000_000) * 100) / 100;
      const good = Math.round(billetKg * (0.8 + ((index * 3) % 10) / 100) * 10) / 10;
      const scrap = Math.round(billetKg * (0.05 + (index % 4) / 100) * 10) / 10;
      const [orderDie] = await manager.query(
        `insert into order_die (company_id, order_id, die_id, line_id, started_by, start_extrusion_time, end_extrusion_time, billets_pushed, billet_kg, good_kg, scrap_kg)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [
          companyId,
          order.id,
          die.id,
          line.id,
          starterOn(lineIndex),
          new Date(start),
          end === null ? null : new Date(end),
          end === null ? null : billets,
          end === null ? null : billetKg,
          end === null ? null : good,
          end === null ? null : scrap,
        ],
      );
      // Two records (A and B) a minute after each 10-minute mark, around the profile's nominals; every seventh mark was missed.
      const { a: nominalA, b: nominalB } = demoProfile(die.description);
      await manager.query(
        `insert into dimension_record (company_id, order_die_id, dimension_text, dimension_value, date_saved, saved_by)
         select $1, $2, text, case when text = 'DimensionA' then $3 + ((mark % 5) - 2) * 0.02 else $4 + ((mark % 3) - 1) * 0.01 end,
                $5::timestamptz + (mark * 10 + 1) * interval '1 minute', $6
           from generate_series(1, $7::int) as mark, unnest(array['DimensionA', 'DimensionB']) as text
          where mark % 7 <> 0`,
        [companyId, orderDie.id, nominalA, nominalB, new Date(start), starterOn(lineIndex), Math.floor(((end ?? now) - start) / 600_000)],
      );
      if (isRunning) runningLines.add(line.id);
      if (end !== null && run === runs - 1 && status === 'finished')
        await manager.query(`update production_order set finished_at = $2 where id = $1`, [order.id, new Date(end)]);
    }
  }
}
