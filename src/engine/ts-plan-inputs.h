/* ts-plan-inputs.h — each scenario input as planned: set, or automatic
 *
 * An input the planner may choose (the layout's degrees, ZeRO stage,
 * micro-batch, recomputation, sequence parallelism, the GPUs, the global
 * batch, the server and its count) is “automatic” until the user sets it.
 * Every surface that shows an input shows what the plan holds: the value
 * set, or the value the planner chose for the shown option, marked as
 * chosen (issue 28). The JSON's “inputs”, the spec sheet and the window
 * read it here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "ts-plan.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

/* TRUE when the scenario leaves the input to the planner. */
gboolean ts_scenario_input_is_automatic (const TsScenario      *scenario,
                                         const TsScenarioField *field);
/* The input's value on option in scenario units (an enum's int, a
 * bool's 0/1): the planner's choice when the input is automatic, else the
 * scenario's; NAN for a STRING field. */
double   ts_option_input_value          (const TsOption        *option,
                                         const TsScenario      *scenario,
                                         const TsScenarioField *field);
/* The plan's “inputs” member: for every input, {"value", "automatic"} of
 * the shown option (the scenario's own value when there is none). */
void     ts_plan_add_inputs_json        (const TsPlan          *plan,
                                         JsonBuilder           *builder);

G_END_DECLS
