import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';
import { numeric } from './numeric';

/** A press line (spec 2.4), every figure in the unit its column name ends with. */
@Entity('extrusion_line')
export class ExtrusionLineEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'numeric', transformer: numeric })
  press_tonnage_t: number;

  @Column({ type: 'numeric', transformer: numeric })
  max_operating_pressure_bar: number;

  @Column({ type: 'varchar', length: 80, default: '' })
  container_brand: string;

  @Column({ type: 'varchar', length: 80, default: '' })
  container_reference: string;

  @Column({ type: 'numeric', transformer: numeric })
  container_inner_diameter_mm: number;

  @Column({ type: 'numeric', transformer: numeric })
  billet_diameter_mm: number;

  @Column({ type: 'numeric', transformer: numeric })
  cooling_table_length_m: number;

  @Column({ type: 'numeric', transformer: numeric })
  net_productivity_goal_kg_h: number;

  @Column({ type: 'numeric', transformer: numeric })
  tooling_diameter_mm: number;

  @Column({ type: 'numeric', transformer: numeric })
  tooling_length_mm: number;

  @Column({ type: 'varchar', length: 40 })
  container_temperature_control: string;

  @Column({ type: 'numeric', transformer: numeric })
  discard_length_mm: number;

  @Column({ type: 'numeric', transformer: numeric })
  max_billet_length_mm: number;

  @Column({ type: 'numeric', transformer: numeric })
  blunt_length_mm: number;

  @Column({ type: 'numeric', transformer: numeric })
  table_length_m: number;

  /** An override; null means derived from the billet diameter. */
  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  billet_cross_section_area_mm2: number | null;

  @Column({ type: 'numeric', transformer: numeric })
  usable_table_length_m: number;
}
