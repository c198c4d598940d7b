import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';
import { numeric } from './numeric';

/** An alloy in one temper, with its density and process temperature windows (°C). */
@Entity('aluminum_alloy')
export class AluminumAlloyEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 10 })
  designation: string;

  @Column({ type: 'varchar', length: 10 })
  temper: string;

  @Column({ type: 'numeric', transformer: numeric })
  density_g_cm3: number;

  @Column({ type: 'numeric', transformer: numeric })
  billet_temp_min_c: number;

  @Column({ type: 'numeric', transformer: numeric })
  billet_temp_max_c: number;

  @Column({ type: 'numeric', transformer: numeric })
  exit_temp_min_c: number;

  @Column({ type: 'numeric', transformer: numeric })
  exit_temp_max_c: number;
}
