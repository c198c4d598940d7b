import { Injectable } from '@nestjs/common';

/**
 * The time of work that depends on it (the preventive scheduler): the wall clock in the running
 * API, a fake one in tests (`app.get(Clock).now = () => someDate`).
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
