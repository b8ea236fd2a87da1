/**
 * KDF's answers of the methods of the node's lifecycle: per format, the success shape and the error
 * variants, in the shape language of tests/fixtures/kdf-shapes (its README), which a unit test
 * checks these against. Where each comes from in KDF is in the fixture's `source`.
 */
export const lifecycleMethods = {
  'version': {
    "legacy": {
      "success": {
        "status": 200,
        "body": {
          "object": {
            "result": "string",
            "datetime": "string"
          }
        }
      }
    },
    "mmrpc": {
      "errors": {}
    }
  },
  'stop': {
    "legacy": {
      "success": {
        "status": 200,
        "body": {
          "object": {
            "result": {
              "const": "success"
            }
          }
        }
      }
    }
  },
  'get_storage_status': {
    "mmrpc": {
      "success": {
        "status": 200,
        "body": {
          "object": {
            "unreadable_records": {
              "object": {
                "orders": "uint",
                "swaps": "uint",
                "wallets": "uint",
                "tx_history": "uint"
              }
            }
          }
        }
      },
      "errors": {
        "DbError": {
          "status": 500,
          "error_data": "string"
        }
      }
    }
  },
} as const;
