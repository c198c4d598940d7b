import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** One chat message between two colleagues of a company, stored exactly as typed. */
@Entity('chat_message')
export class ChatMessageEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  from_user: number;

  @Column({ type: 'int' })
  to_user: number;

  @Column({ type: 'text' })
  message: string;

  /** The die the message mentions, of the same company. */
  @Column({ type: 'int', nullable: true })
  die_id: number | null;

  @Column({ type: 'boolean', default: false })
  is_read: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
