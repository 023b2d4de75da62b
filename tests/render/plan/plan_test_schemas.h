// The schemas plan_test.go builds with testSchema, testSchemaPlus,
// testSchemaSensitive and testSchemaMultipleBlocks (jsonformat @883c722),
// as the provider-schema block JSON jsonprovider writes for them.
#pragma once

namespace tfstream::testing::plan {

// testSchema(configschema.NestingList)
inline constexpr const char* kTestSchemaList = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "list"
      }
    },
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "root_block_device": {
      "nesting_mode": "list",
      "block": {
        "attributes": {"volume_type": {"type": "string", "optional": true, "computed": true}}
      }
    }
  }
})json";

// testSchema(configschema.NestingMap)
inline constexpr const char* kTestSchemaMap = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "map"
      }
    },
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "root_block_device": {
      "nesting_mode": "map",
      "block": {
        "attributes": {"volume_type": {"type": "string", "optional": true, "computed": true}}
      }
    }
  }
})json";

// testSchemaMultipleBlocks(configschema.NestingMap)
inline constexpr const char* kTestSchemaMultipleBlocksMap = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "map"
      }
    },
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "leaf_block_device": {
      "nesting_mode": "map",
      "block": {
        "attributes": {"volume_type": {"type": "string", "optional": true, "computed": true}}
      }
    },
    "root_block_device": {
      "nesting_mode": "map",
      "block": {
        "attributes": {"volume_type": {"type": "string", "optional": true, "computed": true}}
      }
    }
  }
})json";

// testSchemaPlus(configschema.NestingList)
inline constexpr const char* kTestSchemaPlusList = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "list"
      }
    },
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "root_block_device": {
      "nesting_mode": "list",
      "block": {
        "attributes": {
          "new_field": {"type": "string", "optional": true, "computed": true},
          "volume_type": {"type": "string", "optional": true, "computed": true}
        }
      }
    }
  }
})json";

// testSchemaPlus(configschema.NestingMap)
inline constexpr const char* kTestSchemaPlusMap = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "map"
      }
    },
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "root_block_device": {
      "nesting_mode": "map",
      "block": {
        "attributes": {
          "new_field": {"type": "string", "optional": true, "computed": true},
          "volume_type": {"type": "string", "optional": true, "computed": true}
        }
      }
    }
  }
})json";

// testSchemaPlus(configschema.NestingSet)
inline constexpr const char* kTestSchemaPlusSet = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "set"
      }
    },
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "root_block_device": {
      "nesting_mode": "set",
      "block": {
        "attributes": {
          "new_field": {"type": "string", "optional": true, "computed": true},
          "volume_type": {"type": "string", "optional": true, "computed": true}
        }
      }
    }
  }
})json";

// testSchemaPlus(configschema.NestingSingle)
inline constexpr const char* kTestSchemaPlusSingle = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disk": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "single"
      }
    },
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "root_block_device": {
      "nesting_mode": "single",
      "block": {
        "attributes": {
          "new_field": {"type": "string", "optional": true, "computed": true},
          "volume_type": {"type": "string", "optional": true, "computed": true}
        }
      }
    }
  }
})json";

// testSchemaSensitive(configschema.NestingList)
inline constexpr const char* kTestSchemaSensitiveList = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "list"
      },
      "sensitive": true
    },
    "id": {"type": "string", "optional": true, "computed": true}
  }
})json";

// testSchemaSensitive(configschema.NestingMap)
inline constexpr const char* kTestSchemaSensitiveMap = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "map"
      },
      "sensitive": true
    },
    "id": {"type": "string", "optional": true, "computed": true}
  }
})json";

// testSchemaSensitive(configschema.NestingSet)
inline constexpr const char* kTestSchemaSensitiveSet = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "set"
      },
      "sensitive": true
    },
    "id": {"type": "string", "optional": true, "computed": true}
  }
})json";

// testSchema(configschema.NestingSet)
inline constexpr const char* kTestSchemaSet = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disks": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "set"
      }
    },
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "root_block_device": {
      "nesting_mode": "set",
      "block": {
        "attributes": {"volume_type": {"type": "string", "optional": true, "computed": true}}
      }
    }
  }
})json";

// testSchema(configschema.NestingSingle)
inline constexpr const char* kTestSchemaSingle = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "disk": {
      "nested_type": {
        "attributes": {
          "mount_point": {"type": "string", "optional": true},
          "size": {"type": "string", "optional": true}
        },
        "nesting_mode": "single"
      }
    },
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "root_block_device": {
      "nesting_mode": "single",
      "block": {
        "attributes": {"volume_type": {"type": "string", "optional": true, "computed": true}}
      }
    }
  }
})json";

}  // namespace tfstream::testing::plan
