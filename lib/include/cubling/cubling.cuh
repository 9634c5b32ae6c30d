//! @file
//! Umbrella header for cubling's CUDA C++ API: include this, or the layer headers one by one.
#pragma once

#include <cubling/util/error.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/math.cuh>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
