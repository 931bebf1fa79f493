// axe-core over every screen on a phone (390x844): see axe.ts.
import { describeAxeOn } from './axe.ts';

describeAxeOn('phone');
