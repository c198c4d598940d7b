import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { chatEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { ChatService } from './chat.service';

/** Spec 7 chat calls. Chat is for every signed-in user (share-token guests are refused by the access guard). */
@ApiTags('chat')
@Controller()
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Endpoint(chatEndpoints.contacts)
  contacts(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof chatEndpoints.contacts>) {
    return this.chat.contacts(caller.companyId, caller.userId, query.search);
  }

  @Endpoint(chatEndpoints.user)
  user(@Caller() caller: RequestIdentity) {
    return this.chat.user(caller);
  }

  @Endpoint(chatEndpoints.userData)
  userData(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof chatEndpoints.userData>) {
    return this.chat.setStatus(caller, body.status);
  }

  @Endpoint(chatEndpoints.dialog)
  dialog(@Caller() caller: RequestIdentity, @Input() { params, query }: EndpointArgs<typeof chatEndpoints.dialog>) {
    return this.chat.dialog(caller, params.contactId, query);
  }

  @Endpoint(chatEndpoints.send)
  sendMessage(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof chatEndpoints.send>) {
    return this.chat.send(caller, body);
  }

  @Endpoint(chatEndpoints.markAsRead)
  markAsRead(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof chatEndpoints.markAsRead>) {
    return this.chat.markAsRead(caller, body);
  }
}
