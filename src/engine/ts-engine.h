/* ts-engine.h — everything the engine offers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-catalog.h"
#include "ts-error.h"
#include "ts-export.h"
#include "ts-fabric.h"
#include "ts-atomic-file.h"
#include "ts-local-file.h"
#include "ts-facility.h"
#include "ts-field.h"
#include "ts-format.h"
#include "ts-framework.h"
#include "ts-goodput.h"
#include "ts-i18n.h"
#include "ts-json.h"
#include "ts-memory.h"
#include "ts-model.h"
#include "ts-parse.h"
#include "ts-plan.h"
#include "ts-facts.h"
#include "ts-plan-inputs.h"
#include "ts-plan-text.h"
#include "ts-validation.h"
#include "ts-options.h"
#include "ts-scaling.h"
#include "ts-scenario.h"
#include "ts-storage.h"
