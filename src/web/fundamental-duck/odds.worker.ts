/// <reference lib="webworker" />

import { answerQuestions } from '../worker/protocol.ts';
import { answerOdds } from './odds-question.ts';

/** One simulated mission per question (odds-question.ts), played off the page's thread. */
answerQuestions(self, answerOdds);
