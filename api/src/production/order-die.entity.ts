import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';
import { numeric } from '../database/numeric';

/** One run of an order's die on a line (spec 3 order die): running while it has no end time. */
@Entity('order_die')
export class OrderDieEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @Column({ type: 'int' })
  die_id: number;

  @Column({ type: 'int' })
  line_id: number;

  @Column({ type: 'int', nullable: true })
  started_by: number | null;

  @Column({ type: 'timestamptz' })
  start_extrusion_time: Date;

  @Column({ type: 'timestamptz', nullable: true })
  end_extrusion_time: Date | null;

  @Column({ type: 'int', nullable: true })
  billets_pushed: number | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  billet_kg: number | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  good_kg: number | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  scrap_kg: number | null;
}
