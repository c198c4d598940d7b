import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { correctionEndpoints as e, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import { sendStoredFile } from '../files/stored-file.reply';
import type { RequestIdentity } from '../tenancy/request-context';
import { CorrectionBoardService } from './correction-board.service';
import { CorrectionService } from './correction.service';

/** Die corrections (issue 14): records, attempts, discussion, boards, people and settings. */
@ApiTags('dieshop')
@Controller()
export class CorrectionController {
  constructor(
    private readonly corrections: CorrectionService,
    private readonly boards: CorrectionBoardService,
  ) {}

  // The list before `correction-record/:id`, so that 'all' is not taken for an id.
  @Endpoint(e.list)
  list(@Input() { query }: EndpointArgs<typeof e.list>) {
    return this.corrections.list(query);
  }

  @Endpoint(e.record)
  record(@Input() { params }: EndpointArgs<typeof e.record>) {
    return this.corrections.detail(params.id);
  }

  @Endpoint(e.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof e.create>) {
    return this.corrections.create(caller, body);
  }

  @Endpoint(e.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof e.update>) {
    return this.corrections.update(caller, params.id, body);
  }

  @Endpoint(e.canvas)
  canvas(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof e.canvas>) {
    return this.corrections.canvas(caller, params.id, body);
  }

  @Endpoint(e.reportCreate)
  reportCreate(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof e.reportCreate>) {
    return this.corrections.createReport(caller, body);
  }

  @Endpoint(e.reportUpdate)
  reportUpdate(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof e.reportUpdate>) {
    return this.corrections.updateReport(caller, params.id, body);
  }

  @Endpoint(e.reportTrial)
  reportTrial(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof e.reportTrial>) {
    return this.corrections.trial(caller, params.id, body);
  }

  @Endpoint(e.report)
  report(@Input() { params }: EndpointArgs<typeof e.report>) {
    return this.corrections.report(params.id);
  }

  @Endpoint(e.recordDrawing)
  async recordDrawing(@Input() { params }: EndpointArgs<typeof e.recordDrawing>, @Res() response: FastifyReply) {
    sendStoredFile(response, await this.corrections.drawing({ recordId: params.id }));
  }

  @Endpoint(e.reportDrawing)
  async reportDrawing(@Input() { params }: EndpointArgs<typeof e.reportDrawing>, @Res() response: FastifyReply) {
    sendStoredFile(response, await this.corrections.drawing({ reportId: params.id }));
  }

  @Endpoint(e.comments)
  comments(@Input() { query }: EndpointArgs<typeof e.comments>) {
    return this.corrections.comments(query);
  }

  @Endpoint(e.comment)
  comment(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof e.comment>) {
    return this.corrections.comment(caller, body);
  }

  @Endpoint(e.board)
  board() {
    return this.boards.board();
  }

  @Endpoint(e.boardMove)
  boardMove(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof e.boardMove>) {
    return this.boards.move(caller, body);
  }

  @Endpoint(e.correctorBoard)
  correctorBoard() {
    return this.boards.correctorBoard();
  }

  @Endpoint(e.correctorBoardMove)
  correctorBoardMove(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof e.correctorBoardMove>) {
    return this.boards.correctorMove(caller, body);
  }

  @Endpoint(e.people)
  people() {
    return this.corrections.people();
  }

  @Endpoint(e.settings)
  settings() {
    return this.corrections.settings();
  }

  @Endpoint(e.settingsUpdate)
  settingsUpdate(@Input() { body }: EndpointArgs<typeof e.settingsUpdate>) {
    return this.corrections.updateSettings(body);
  }
}
