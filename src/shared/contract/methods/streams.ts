/**
 * KDF's answers of the methods of event streams: per format, the success shape and the error
 * variants, in the shape language of tests/fixtures/kdf-shapes (its README), which a unit test
 * checks these against. Where each comes from in KDF is in the fixture's `source`.
 */
export const streamsMethods = {
  'stream::balance::enable': {
    "mmrpc": {
      "success": {
        "status": 200,
        "body": {
          "object": {
            "streamer_id": "string"
          }
        }
      },
      "errors": {
        "EnableError": {
          "status": 400,
          "error_data": "string"
        },
        "CoinNotFound": {
          "status": 404
        },
        "CoinNotSupported": {
          "status": 501
        },
        "Internal": {
          "status": 500,
          "error_data": "string"
        }
      }
    }
  },
  'stream::tx_history::enable': {
    "mmrpc": {
      "success": {
        "status": 200,
        "body": {
          "object": {
            "streamer_id": "string"
          }
        }
      },
      "errors": {
        "EnableError": {
          "status": 400,
          "error_data": "string"
        },
        "CoinNotFound": {
          "status": 404
        },
        "CoinNotSupported": {
          "status": 501
        },
        "Internal": {
          "status": 500,
          "error_data": "string"
        }
      }
    }
  },
  'stream::disable': {
    "mmrpc": {
      "success": {
        "status": 200,
        "body": {
          "object": {
            "result": {
              "const": "Success"
            }
          }
        }
      },
      "errors": {
        "DisableError": {
          "status": 400,
          "error_data": "string"
        }
      }
    }
  },
} as const;
