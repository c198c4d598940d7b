import { DEMO_QUALITY_ROLE } from '@planta/contracts';

/** The demo installation of architecture.md: two plants, six accounts (password below). */
export const DEMO_PASSWORD = 'Planta2026!';

export const DEMO_COMPANIES = ['Extrusiones del Norte', 'Perfiles del Sur'] as const;
type DemoCompany = (typeof DEMO_COMPANIES)[number];

/** Each plant's details on the companies screen. */
export const DEMO_COMPANY_DETAILS: Record<DemoCompany, { tax_id: string; address: string; time_zone: string }> = {
  'Extrusiones del Norte': {
    tax_id: 'B48123456',
    address: 'Polígono Industrial Arteaga, Pabellón 12, 48970 Basauri (Bizkaia)',
    time_zone: 'Europe/Madrid',
  },
  'Perfiles del Sur': {
    tax_id: 'B41987654',
    address: 'Parque Empresarial La Isla, Calle Río Viejo 27, 41703 Dos Hermanas (Sevilla)',
    time_zone: 'Europe/Madrid',
  },
};

/** A company's own role beside the built-in ones, with the pages it may read. */
export const DEMO_CUSTOM_ROLES: { company: DemoCompany; name: string; description: string; reads: string[] }[] = [
  {
    company: 'Extrusiones del Norte',
    name: DEMO_QUALITY_ROLE.name,
    description: 'Inspectores de calidad: lectura de producción y matricería',
    reads: [...DEMO_QUALITY_ROLE.reads],
  },
];

export interface DemoAccount {
  email: string;
  displayName: string;
  position: string;
  role: string;
  home: DemoCompany;
  companies: DemoCompany[];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@norte.example',
    displayName: 'Marta Ibáñez',
    position: 'Gerente de planta',
    role: 'admin',
    home: 'Extrusiones del Norte',
    companies: ['Extrusiones del Norte', 'Perfiles del Sur'],
  },
  {
    email: 'jefe@norte.example',
    displayName: 'Jorge Salinas',
    position: 'Jefe de turno',
    role: 'staff',
    home: 'Extrusiones del Norte',
    companies: ['Extrusiones del Norte'],
  },
  {
    email: 'operario@norte.example',
    displayName: 'Luis Cárdenas',
    position: 'Operario de prensa',
    role: 'user',
    home: 'Extrusiones del Norte',
    companies: ['Extrusiones del Norte'],
  },
  {
    email: 'invitado@norte.example',
    displayName: 'Elena Ruiz',
    position: 'Auditora de cliente',
    role: 'guest',
    home: 'Extrusiones del Norte',
    companies: ['Extrusiones del Norte'],
  },
  {
    email: 'admin@sur.example',
    displayName: 'Sofía Herrera',
    position: 'Gerente de planta',
    role: 'admin',
    home: 'Perfiles del Sur',
    companies: ['Perfiles del Sur'],
  },
  {
    email: 'operario@sur.example',
    displayName: 'Pedro Quintana',
    position: 'Operario de prensa',
    role: 'user',
    home: 'Perfiles del Sur',
    companies: ['Perfiles del Sur'],
  },
];

/**
 * More people of each plant (issue 11), so that the users screen is meaningful: they have no
 * demo story of their own (chat, runs) and are not in the README's table, but sign in with the
 * same password.
 */
export const DEMO_STAFF: DemoAccount[] = [
  {
    email: 'mantenimiento@norte.example',
    displayName: 'Andrés Olmedo',
    position: 'Técnico de mantenimiento',
    role: 'user',
    home: 'Extrusiones del Norte',
    companies: ['Extrusiones del Norte'],
  },
  {
    email: 'matriceria@norte.example',
    displayName: 'Carmen Villalba',
    position: 'Técnica de matricería',
    role: 'user',
    home: 'Extrusiones del Norte',
    companies: ['Extrusiones del Norte'],
  },
  {
    email: 'calidad@norte.example',
    displayName: 'Inés Garrido',
    position: 'Inspectora de calidad',
    // Extrusiones del Norte's own role: reads production and the die shop, changes nothing.
    role: 'calidad',
    home: 'Extrusiones del Norte',
    companies: ['Extrusiones del Norte'],
  },
  {
    email: 'mantenimiento@sur.example',
    displayName: 'Tomás Becerra',
    position: 'Técnico de mantenimiento',
    role: 'user',
    home: 'Perfiles del Sur',
    companies: ['Perfiles del Sur'],
  },
  {
    email: 'calidad@sur.example',
    displayName: 'Lucía Prieto',
    position: 'Inspectora de calidad',
    role: 'staff',
    home: 'Perfiles del Sur',
    companies: ['Perfiles del Sur'],
  },
];

interface DemoDie {
  reference: string;
  copies: number;
  description: string;
}

/** Each plant's own die catalogue (their corrections are told with their life: dieshop-demo.ts). */
export const DEMO_DIES: Record<DemoCompany, { dies: DemoDie[] }> = {
  'Extrusiones del Norte': {
    dies: [
      { reference: 'EN-1042', copies: 2, description: 'Perfil ventana corrediza 60 mm' },
      { reference: 'EN-2210', copies: 1, description: 'Tubo cuadrado 40x40x2' },
      { reference: 'EN-3307', copies: 3, description: 'Marco fachada ventilada' },
      { reference: 'EN-4115', copies: 1, description: 'Disipador de calor 120 mm' },
      { reference: 'EN-5020', copies: 2, description: 'Ángulo 30x30x3' },
    ],
  },
  'Perfiles del Sur': {
    dies: [
      { reference: 'PS-0501', copies: 1, description: 'Perfil puerta batiente' },
      { reference: 'PS-0622', copies: 2, description: 'Moldura decorativa 25 mm' },
    ],
  },
};

interface DemoChatMessage {
  from: string;
  to: string;
  message: string;
  read: boolean;
}

/** A little chat history between colleagues of each plant, oldest first. */
export const DEMO_CHAT: Record<DemoCompany, DemoChatMessage[]> = {
  'Extrusiones del Norte': [
    { from: 'jefe@norte.example', to: 'operario@norte.example', message: 'Luis, ¿cómo va la matriz EN-1042 en la prensa 2?', read: true },
    { from: 'operario@norte.example', to: 'jefe@norte.example', message: 'Bien, ya vamos por el tercer tocho. Sin rayas por ahora.', read: true },
    { from: 'jefe@norte.example', to: 'operario@norte.example', message: 'Perfecto. Avísame si la temperatura de salida sube de 520 °C.', read: false },
    { from: 'admin@norte.example', to: 'jefe@norte.example', message: 'Jorge, mañana revisamos el plan de nitrurado a las 8:00.', read: false },
  ],
  'Perfiles del Sur': [
    { from: 'admin@sur.example', to: 'operario@sur.example', message: 'Pedro, la PS-0622 copia 1 queda en corrección hasta nuevo aviso.', read: true },
    { from: 'operario@sur.example', to: 'admin@sur.example', message: 'Entendido, montamos la copia 2.', read: false },
  ],
};

/**
 * A few notifications per plant. Those about a record are written from the record the maintenance
 * demo made (its text and address as the API writes them, at its time): the blocked work order
 * (spec 4: not cleared by 'Limpiar') and the newest failure report nobody has looked at yet.
 */
export type DemoNotification =
  | { user: string; about: 'blocked-work-order' | 'new-failure-report'; variant: 'warning' | 'error' }
  | { user: string; text: string; variant: 'success' | 'warning' | 'error' | 'info' };

export const DEMO_NOTIFICATIONS: Record<DemoCompany, DemoNotification[]> = {
  'Extrusiones del Norte': [
    { user: 'jefe@norte.example', about: 'blocked-work-order', variant: 'warning' },
    { user: 'jefe@norte.example', about: 'new-failure-report', variant: 'warning' },
  ],
  'Perfiles del Sur': [{ user: 'operario@sur.example', text: 'La matriz PS-0501 quedó lista para producción', variant: 'success' }],
};
