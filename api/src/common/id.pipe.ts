import { BadRequestException, type PipeTransform } from '@nestjs/common';

const MESSAGE = 'El identificador debe ser un número entero positivo';

/** Route ids: positive integers, with a field error otherwise. */
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0 || id > 2147483647) {
      throw new BadRequestException({ message: MESSAGE, fields: { id: MESSAGE } });
    }
    return id;
  }
}
