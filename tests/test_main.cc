// The one Catch2 main for every tests/**/*_test.cc (Catch2 v2).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
