import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('page')
export class PageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The navigation item id and the key controllers declare. */
  @Column({ type: 'varchar', length: 80, unique: true })
  alias: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 40 })
  area: string;
}
