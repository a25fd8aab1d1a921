/// <reference lib="webworker" />

import { answerQuestions } from '../worker/protocol.ts';
import { answerOdds } from './odds-question.ts';

/** The 3:16 encounter odds (odds-question.ts), counted off the page's thread. */
answerQuestions(self, answerOdds);
