import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** Mill, anodised (colour, micron class) or powder coated (RAL colour). */
@Entity('finish')
export class FinishEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  type: string;

  @Column({ type: 'varchar', length: 60, default: '' })
  colour: string;

  @Column({ type: 'varchar', length: 10, nullable: true })
  micron_class: string | null;

  @Column({ type: 'varchar', length: 20, default: '' })
  ral_colour: string;
}
