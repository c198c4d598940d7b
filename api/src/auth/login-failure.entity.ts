import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One failed sign-in; kept in the database so every API process throttles alike. */
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
}
