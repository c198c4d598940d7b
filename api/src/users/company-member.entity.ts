import { Entity, PrimaryColumn } from 'typeorm';

/** A user belongs to one or more companies; the home company is on the user. */
@Entity('company_member')
export class CompanyMemberEntity {
  @PrimaryColumn({ type: 'int' })
  company_id: number;

  @PrimaryColumn({ type: 'int' })
  user_id: number;
}
