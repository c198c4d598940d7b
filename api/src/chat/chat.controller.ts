import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import {
  chatContactsQuerySchema,
  chatDialogQuerySchema,
  chatUserDataRequestSchema,
  markAsReadRequestSchema,
  sendMessageRequestSchema,
  type ChatContact,
  type ChatMessage,
  type ChatUser,
  type MarkAsReadResponse,
  type SendMessageResponse,
} from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { IdPipe } from '../common/id.pipe';
import { SignedIn } from '../permissions/route-access.decorators';
import type { RequestIdentity } from '../tenancy/request-context';
import { ChatService } from './chat.service';

class ChatContactsQuery extends createZodDto(chatContactsQuerySchema) {}
class ChatDialogQuery extends createZodDto(chatDialogQuerySchema) {}
class ChatUserDataRequest extends createZodDto(chatUserDataRequestSchema) {}
class SendMessageRequest extends createZodDto(sendMessageRequestSchema) {}
class MarkAsReadRequest extends createZodDto(markAsReadRequestSchema) {}

/** Spec 7 chat calls. Chat is for every signed-in user (share-token guests are refused by the access guard). */
@ApiTags('chat')
@SignedIn()
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('contacts')
  contacts(@Caller() caller: RequestIdentity, @Query() query: ChatContactsQuery): Promise<ChatContact[]> {
    return this.chat.contacts(caller.companyId, caller.userId, query.search);
  }

  @Get('user')
  user(@Caller() caller: RequestIdentity): Promise<ChatUser> {
    return this.chat.user(caller);
  }

  @Post('user/data')
  @HttpCode(200)
  userData(@Caller() caller: RequestIdentity, @Body() body: ChatUserDataRequest): Promise<ChatUser> {
    return this.chat.setStatus(caller, body.status);
  }

  @Get('dialog/:contactId')
  dialog(@Caller() caller: RequestIdentity, @Param('contactId', IdPipe) contactId: number, @Query() query: ChatDialogQuery): Promise<ChatMessage[]> {
    return this.chat.dialog(caller, contactId, query);
  }

  @Post('send-message')
  sendMessage(@Caller() caller: RequestIdentity, @Body() body: SendMessageRequest): Promise<SendMessageResponse> {
    return this.chat.send(caller, body);
  }

  @Post('mark-as-read')
  @HttpCode(200)
  markAsRead(@Caller() caller: RequestIdentity, @Body() body: MarkAsReadRequest): Promise<MarkAsReadResponse> {
    return this.chat.markAsRead(caller, body);
  }
}
