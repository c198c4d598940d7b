import { HttpException, HttpStatus } from '@nestjs/common';

/** A refusal naming the field it is about, in the API's error shape (message plus `fields`). */
export function fieldError(field: string, message: string, status: HttpStatus = HttpStatus.BAD_REQUEST): HttpException {
  return new HttpException({ message, fields: { [field]: message } }, status);
}
