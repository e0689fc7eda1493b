/* ts-answer-pane.h — the answer: headline, verdict and the drawings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-engine.h"
#include "ts-render.h"

G_BEGIN_DECLS

#define TS_TYPE_ANSWER_PANE (ts_answer_pane_get_type ())

G_DECLARE_FINAL_TYPE (TsAnswerPane, ts_answer_pane, TS, ANSWER_PANE, GtkBox)

/* The headline's text, without its markup. */
const char    *ts_answer_pane_get_headline     (TsAnswerPane *self);
/* A famous run's comparison under the headline; NULL hides it. */
void           ts_answer_pane_set_published    (TsAnswerPane *self,
                                                const char   *text);
/* The comparison shown, or NULL when hidden. */
const char    *ts_answer_pane_get_published    (TsAnswerPane *self);
/* The drawing of page drawing (made now if it was not yet). */
GtkWidget     *ts_answer_pane_get_view         (TsAnswerPane *self,
                                                TsDrawing     drawing);
GtkWidget     *ts_answer_pane_get_visible_view (TsAnswerPane *self);
AdwViewStack  *ts_answer_pane_get_stack        (TsAnswerPane *self);
/* Shows the page name (“memory”, “servers”, “rack”, “power”, “time”);
 * FALSE if there is no such page. */
gboolean       ts_answer_pane_show_page        (TsAnswerPane *self,
                                                const char   *name);
/* The next or previous page (step +1 or -1), stopping at either end. */
void           ts_answer_pane_step_page        (TsAnswerPane *self,
                                                int           step);
/* One pane at a time (a narrow window): the verdict above the headline,
 * short page titles. */
void           ts_answer_pane_set_folded       (TsAnswerPane *self,
                                                gboolean      folded);
/* The switcher at the bottom, for when the header has no room for one. */
void           ts_answer_pane_reveal_switcher  (TsAnswerPane *self,
                                                gboolean      reveal);
/* The options table, made and filled. */
GtkColumnView *ts_answer_pane_get_option_view  (TsAnswerPane *self);

/* Properties: “plan” (a TsPlan, bound to the window's: the pane shows its
 * shown option), “gib” (memory in GiB, else GB), “large-type”,
 * “presenting”.
 * Signals: “option-chosen” (guint index, const char *server_id) from the
 * table; “saved” (GFile *file, const char *error_message) when a drawing
 * was saved as an image, or could not be. */

G_END_DECLS
