import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One sign-in attempt that failed (or is still being checked); kept in the database so every API process counts alike. */
@Entity('login_failure')
@Index(['email', 'at'])
@Index(['address', 'at'])
export class LoginFailureEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 64 })
  address: string;

  @CreateDateColumn({ type: 'timestamptz' })
  at: Date;

  /** Written before the password is checked; cleared when it turns out wrong, the row deleted when right. */
  @Column({ type: 'boolean', default: false })
  pending: boolean;
}
